/// Sends actions from an ``Effect/run(priority:operation:catch:fileID:line:)`` effect back into
/// the store: `await send(.response(value))`.
///
/// Sending waits until the store's reducer has handled the action, so a fast producer is slowed
/// to the reducer's pace instead of filling a buffer (back-pressure). After the effect's task is
/// cancelled, `send` drops actions, so a cancelled effect never changes the state again.
public struct Send<Action: Sendable>: Sendable {
  let send: @Sendable (Action) async -> Void

  /// Creates a sender from a closure; tests and adapters use this to collect what an effect sends.
  public init(send: @escaping @Sendable (Action) async -> Void) {
    self.send = send
  }

  /// Sends `action` to the store, unless the current task is cancelled.
  public func callAsFunction(_ action: Action) async {
    guard !Task.isCancelled else { return }
    await send(action)
  }
}
