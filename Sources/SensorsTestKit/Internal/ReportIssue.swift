import SensorsCore
import Testing
import XCTest

/// Reports a test failure to whichever framework is running the current test.
///
/// Inside a Swift Testing test (`Test.current != nil`) the failure is recorded with
/// `Issue.record`; otherwise it goes to `XCTFail`, so the same helper serves both.
/// Every failure the testing products raise (TestStore, unimplemented endpoints,
/// scripted streams, test clocks) goes through here, so the message text is the user interface.
package func reportIssue(
  _ message: @autoclosure () -> String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let text = message()
  if Test.current != nil {
    Issue.record(
      Comment(rawValue: text),
      sourceLocation: sourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  } else {
    XCTFail(text, file: filePath, line: line)
  }
}

/// Reports something a test chose not to check (a skipped assertion of a non-exhaustive
/// `TestStore`) without failing the test: a known issue in Swift Testing, which lists it beside
/// the test (TCA's grey "expected failure" box).
///
/// XCTest on Linux has no expected failures (`XCTExpectFailure` is Apple's), so there the
/// message is printed with its source location, beside XCTest's own output.
package func reportKnownIssue(
  _ message: @autoclosure () -> String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let text = message()
  KnownIssueObserver.current?(text)
  let location = sourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  if Test.current != nil {
    withKnownIssue(sourceLocation: location) {
      Issue.record(Comment(rawValue: text), sourceLocation: location)
    }
  } else {
    print("\(fileID):\(line): skipped assertion (not a failure): \(text)")
  }
}

/// A seam for the package's own tests: receives the text of every known issue reported in the
/// current task, so they can pin the messages (Swift Testing does not expose a test's known
/// issues to the test itself). The issues are recorded as usual.
package enum KnownIssueObserver {
  /// Called with each known issue's text; `nil` outside such a test.
  @TaskLocal package static var current: (@Sendable (String) -> Void)?
}

private func sourceLocation(
  fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) -> SourceLocation {
  SourceLocation(
    fileID: String(describing: fileID),
    filePath: String(describing: filePath),
    // Swift Testing traps on a line or column below 1; effects reported from their definition
    // site have no column, so clamp rather than crash the test run.
    line: max(1, Int(line)),
    column: max(1, Int(column))
  )
}

/// Routes the issues the library modules raise (an unimplemented dependency, a dependency
/// without a test value) to the running test, for the rest of the process. Called by `TestStore`
/// and the kit's test doubles when they are made; harmless to call again.
package func installIssueReporter() {
  _ = issueReporterInstallation
}

private let issueReporterInstallation: Void = {
  IssueReporter.installed = { message, fileID, filePath, line, column in
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}()
