import ComposableStore

extension Effect {
  /// Runs this effect to its end outside any feature, and returns the actions it sent, in order:
  /// test an effect-building helper without a reducer around it.
  ///
  /// ```swift
  /// let actions = await Effect<Action>.merge(.send(.a), .run { await $0(.b) }).actions()
  /// #expect(actions == [.a, .b])
  /// ```
  ///
  /// It runs in a store of its own, so cancellation ids, `Task.cancel(id:)` and ordering behave
  /// as in a feature; an error a `run` throws without a `catch` handler fails the current test.
  /// Cancelling the awaiting task cancels the effect and returns what arrived until then.
  public func actions(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> [Action] {
    let effect = self
    let store = Store<[Action], EffectStep<Action>>(
      initialState: [],
      reduce: { sent, step in
        switch step {
        case .start: return effect.map(EffectStep.sent)
        case .sent(let action):
          sent.append(action)
          return .none
        }
      },
      reportUnhandled: { message, _, _ in
        reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
      }
    )
    await store.send(.start).finish()
    return store.state
  }
}

/// The actions of the store ``Effect/actions(fileID:filePath:line:column:)`` runs an effect in.
private enum EffectStep<Action: Sendable>: Sendable {
  case start
  case sent(Action)
}
