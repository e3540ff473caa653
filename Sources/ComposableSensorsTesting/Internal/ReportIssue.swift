import Testing
import XCTest

/// Reports a test failure to whichever framework is running the current test.
///
/// Inside a Swift Testing test (`Test.current != nil`) the failure is recorded with
/// `Issue.record`; otherwise it goes to `XCTFail`, so the same helper serves both.
/// Every failure the testing product raises (TestStore, unimplemented endpoints,
/// scripted streams) goes through here, so the message text is the user interface.
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
      sourceLocation: SourceLocation(
        fileID: String(describing: fileID),
        filePath: String(describing: filePath),
        // Swift Testing traps on a line or column below 1; effects reported from their
        // definition site have no column, so clamp rather than crash the test run.
        line: max(1, Int(line)),
        column: max(1, Int(column))
      )
    )
  } else {
    XCTFail(text, file: filePath, line: line)
  }
}
