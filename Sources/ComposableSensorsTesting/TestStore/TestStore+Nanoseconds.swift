import ComposableStore

/// TCA's timeouts in nanoseconds (`finish(timeout: NSEC_PER_SEC)`), so ported tests compile.
extension TestStore {
  /// ``finish(timeout:fileID:filePath:line:column:)-(Duration?,_,_,_,_)`` with the timeout in nanoseconds.
  public func finish(
    timeout nanoseconds: UInt64,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await finish(
      timeout: .nanoseconds(nanoseconds),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// ``receive(_:timeout:assert:fileID:filePath:line:column:)-(Action,_,_,_,_,_,_)`` with the
  /// timeout in nanoseconds.
  public func receive(
    _ expected: Action,
    timeout nanoseconds: UInt64,
    assert: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      expected, timeout: .nanoseconds(nanoseconds), assert: assert,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension TestStoreTask {
  /// ``finish(timeout:fileID:filePath:line:column:)-(Duration?,_,_,_,_)`` with the timeout in nanoseconds.
  public func finish(
    timeout nanoseconds: UInt64,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await finish(
      timeout: .nanoseconds(nanoseconds),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
