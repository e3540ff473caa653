import SensorsCore

/// Where a reducer's runtime warnings go (an `ifLet` receiving an action while its state is
/// `nil`, a `forEach` action for a missing element): standard error by default, and the running
/// test when the reducer runs inside `TestStore`, which sets ``reporter`` around its reducer.
package enum RuntimeWarning {
  /// Receives a warning's text and the source location of the reducer that raised it.
  package typealias Reporter = IssueReporter.Reporter

  /// The reporter for warnings raised in the current task; `nil` writes them to standard error.
  @TaskLocal package static var reporter: Reporter?

  /// Reports `message`, raised by the reducer declared at the given location.
  package static func report(
    _ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    if let reporter {
      reporter(message, fileID, filePath, line, column)
    } else {
      var standardError = StandardError()
      print("[composable-sensors] \(fileID):\(line): warning: \(message)", to: &standardError)
    }
  }
}
