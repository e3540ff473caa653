import ComposableStore

extension TestStore {
  /// Asserts the changes to `@Shared` state that no action of the test accounts for: a change an
  /// effect made after the test's last step, TCA's `store.assert { … }`.
  ///
  /// ```swift
  /// await store.send(.save).finish()
  /// store.assert { $0.savedCount = 1 }
  /// ```
  ///
  /// The closure describes the change on a copy of ``state``, exactly as after a `send`; a
  /// closure that changes nothing fails the test.
  public func assert(
    _ update: (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let current = state
    let version = sharedChanges.version
    withoutActuallyEscaping(update) { update in
      expectState(
        after: "the last step", before: current, actual: current, sharedVersion: version,
        assert: update, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// Reports `@Shared` values the feature changed that the test never asserted (an effect's
  /// change after the last step), then takes them as asserted.
  func checkSharedChanges(
    report: Exhaustivity.SkippedReport,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    defer { sharedChanges.accept(upTo: .max) }
    guard report != .silent, !sharedChanges.isEmpty else { return }
    let current = state
    guard !sharedEqual(current, .before, current, .current) else { return }
    let expectedLines = withSharedView(.before) { dumpLines(current) }
    let actualLines = withSharedView(.current) { dumpLines(current) }
    reportSkipped(
      FailureMessage.unassertedSharedChange(expected: expectedLines, actual: actualLines),
      as: report, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Adopts the state after a received action the test skips, with the shared changes up to it.
  func adopt(_ received: TestLog<State, Action>.Received) {
    settings.withLock { $0.state = received.state }
    sharedChanges.accept(upTo: received.sharedVersion)
  }

  /// Runs `body` with `@Shared` reads seeing `view` and writes recorded as expectations.
  func withSharedView<R>(_ view: SharedView, _ body: () throws -> R) rethrows -> R {
    try SharedAssertion.$context.withValue(
      .init(view: view, tracker: sharedChanges), operation: body)
  }

  /// Whether `lhs`, its `@Shared` values seen as `lhsView`, equals `rhs`, seen as `rhsView`.
  func sharedEqual(_ lhs: State, _ lhsView: SharedView, _ rhs: State, _ rhsView: SharedView)
    -> Bool
  {
    SharedAssertion.$comparison.withValue(.init(lhs: lhsView, rhs: rhsView)) { lhs == rhs }
  }
}
