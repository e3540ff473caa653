import Synchronization

/// Where the library modules send an issue a test should fail on (an unimplemented dependency
/// was called, a dependency has no test value), without linking a test framework themselves.
///
/// The test kit, which links Swift Testing and XCTest, plugs itself in: `TestStore` binds
/// ``current`` around everything its feature runs, and the kit installs ``installed`` for the
/// whole process the first time a test uses it. With neither, the issue is printed to standard
/// error as a runtime warning (what a shipping app does).
package enum IssueReporter {
  /// Receives an issue's text and the source location it is reported at.
  package typealias Reporter =
    @Sendable (
      _ message: String, _ fileID: StaticString, _ filePath: StaticString, _ line: UInt,
      _ column: UInt
    ) -> Void

  /// The reporter of the current task, if a test bound one; it wins over ``installed``.
  @TaskLocal package static var current: Reporter?

  private static let process = Mutex<Reporter?>(nil)

  /// The process-wide reporter the test kit installed, if any.
  package static var installed: Reporter? {
    get { process.withLock { $0 } }
    set { process.withLock { $0 = newValue } }
  }

  /// Reports `message` at the given location to the running test, or prints it as a warning.
  package static func report(
    _ message: String,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    if let reporter = current ?? installed {
      reporter(message, fileID, filePath, line, column)
    } else {
      var standardError = StandardError()
      print("[composable-sensors] \(fileID):\(line): warning: \(message)", to: &standardError)
    }
  }
}
