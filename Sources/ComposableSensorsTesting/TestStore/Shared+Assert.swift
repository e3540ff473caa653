public import ComposableStore

extension Shared where Value: Equatable {
  /// Asserts the change a test store's reducer or effects made to this shared value since the
  /// test last asserted it, TCA's `$shared.assert { … }`: `update` turns the value the test last
  /// asserted into the value expected now.
  ///
  /// ```swift
  /// await store.send(.startTimer)
  /// await clock.advance(by: .seconds(1))
  /// store.state.$count.assert { $0 = 1 }
  /// ```
  ///
  /// The test fails when nothing changed ("Expected changes, but none occurred.") or when the
  /// value differs from the expected one; either way the change is then taken as asserted, so
  /// the test store does not report it again.
  public func assert(
    _ update: (_ value: inout Value) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) rethrows {
    guard let change = unassertedChange else {
      reportIssue(
        "Expected changes, but none occurred.", fileID: fileID, filePath: filePath, line: line,
        column: column)
      return
    }
    defer { acceptChanges() }
    var expected = change.asserted
    try update(&expected)
    guard expected != change.current else { return }
    reportIssue(
      FailureMessage.stateMismatch(
        "asserting the shared value", expected: dumpLines(expected),
        actual: dumpLines(change.current)),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
