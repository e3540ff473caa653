import SensorsCore

/// Reports an issue: a test failure in a test (through the test kit), a runtime warning on
/// standard error elsewhere (swift-issue-reporting's `reportIssue(_:)`, which
/// swift-dependencies re-exports).
///
/// Use it in a dependency's test value, guarded by
/// ``TestDependencyKey/shouldReportUnimplemented``, so that a test that reads the dependency
/// without overriding it fails:
///
/// ```swift
/// enum APIClientKey: TestDependencyKey {
///   static var testValue: APIClient {
///     if shouldReportUnimplemented {
///       reportIssue("Override the API client.")
///     }
///     return APIClient.failing
///   }
/// }
/// ```
///
/// - Parameters:
///   - message: What went wrong; `nil` or empty for an issue without text.
///   - fileID: The file the issue is reported in: the caller's, by default.
///   - filePath: The full path of that file.
///   - line: The line the issue is reported at.
///   - column: The column the issue is reported at.
public func reportIssue(
  _ message: @autoclosure () -> String? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  IssueReporter.report(
    message() ?? "", fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Reports that an unimplemented endpoint was called, and returns `placeholder`
/// (swift-issue-reporting's `unimplemented(_:placeholder:)`): the building block of a client's
/// failing test value, without macros.
///
/// ```swift
/// static let testValue = APIClient(
///   fetch: { _ in unimplemented("APIClient.fetch", placeholder: []) }
/// )
/// ```
///
/// The issue reads "Unimplemented: `description` …", followed by where it was defined.
///
/// - Parameters:
///   - description: What is unimplemented, usually the endpoint's name.
///   - placeholder: The value returned after reporting, so that the code under test goes on.
///   - fileID: The file the issue is reported in: the caller's, by default.
///   - filePath: The full path of that file.
///   - function: The function named in the issue.
///   - line: The line the issue is reported at.
///   - column: The column the issue is reported at.
/// - Returns: `placeholder`.
public func unimplemented<Result>(
  _ description: @autoclosure () -> String = "",
  placeholder: @autoclosure () -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> Result {
  let description = description()
  IssueReporter.report(
    """
    Unimplemented\(description.isEmpty ? "" : ": \(description)") …

      Defined in '\(function)' at:
        \(fileID):\(line)
    """, fileID: fileID, filePath: filePath, line: line, column: column)
  return placeholder()
}
