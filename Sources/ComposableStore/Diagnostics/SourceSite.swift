/// Where a composing reducer (`ifLet`, `ifCaseLet`, `forEach`) is written: named in its runtime
/// warnings, and the part of its children's effect ids that tells it from other such reducers.
@usableFromInline
struct SourceSite: Sendable {
  @usableFromInline let fileID: StaticString
  @usableFromInline let filePath: StaticString
  @usableFromInline let line: UInt
  @usableFromInline let column: UInt
  /// "fileID:line:column", built once rather than per action.
  @usableFromInline let key: String

  @usableFromInline
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
    self.key = "\(fileID):\(line):\(column)"
  }

  /// The id of the effects of the child with `identity` (or the only child) of this reducer.
  @usableFromInline
  func childID(identity: AnyHashableSendable?) -> ChildEffectsID {
    ChildEffectsID(site: key, identity: identity)
  }

  /// Reports a misuse of this reducer as a runtime warning.
  @usableFromInline
  func warn(_ message: String) {
    RuntimeWarning.report(
      message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
