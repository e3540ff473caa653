import SensorsCore

/// An assertion that fails the test in tests instead of stopping the process: the `\.assert` and
/// `\.precondition` dependencies (swift-dependencies' `AssertionEffect`).
///
/// ```swift
/// @Dependency(\.precondition) var precondition
/// precondition(samples.count == 3, "A vector has three axes")
/// ```
///
/// Live, `\.assert` is Swift's `assert` (checked in debug builds only) and `\.precondition`
/// Swift's `precondition`; in tests and previews a failed condition is reported as an issue
/// (a test failure) and the code goes on, so a test can pin that an invariant is checked.
public protocol AssertionEffect: Sendable {
  /// Checks `condition`; when it is false, fails with `message` at `file` and `line`.
  ///
  /// - Parameters:
  ///   - condition: The invariant.
  ///   - message: What failed.
  ///   - file: The file the failure is reported in.
  ///   - line: The line it is reported at.
  func callAsFunction(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    file: StaticString,
    line: UInt
  )
}

extension AssertionEffect {
  /// Checks `condition`; when it is false, fails with `message` where this is called.
  ///
  /// - Parameters:
  ///   - condition: The invariant.
  ///   - message: What failed; empty by default.
  ///   - file: The file the failure is reported in: the caller's, by default.
  ///   - line: The line it is reported at.
  @_disfavoredOverload
  public func callAsFunction(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String = "",
    file: StaticString = #fileID,
    line: UInt = #line
  ) {
    self.callAsFunction(condition(), message(), file: file, line: line)
  }
}

extension DependencyValues {
  /// Swift's `assert` live; a reported issue in tests and previews.
  public var assert: any AssertionEffect {
    self[AssertKey.self]
  }

  /// Swift's `precondition` live; a reported issue in tests and previews.
  public var precondition: any AssertionEffect {
    self[PreconditionKey.self]
  }
}

private struct LiveAssertionEffect: AssertionEffect {
  func callAsFunction(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString, line: UInt
  ) {
    Swift.assert(condition(), message(), file: file, line: line)
  }
}

private struct LivePreconditionEffect: AssertionEffect {
  func callAsFunction(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString, line: UInt
  ) {
    Swift.precondition(condition(), message(), file: file, line: line)
  }
}

/// Reports a failed condition and goes on.
private struct TestAssertionEffect: AssertionEffect {
  func callAsFunction(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString, line: UInt
  ) {
    guard condition() else {
      IssueReporter.report(message(), fileID: file, filePath: file, line: line, column: 1)
      return
    }
  }
}

private enum AssertKey: DependencyKey {
  static let liveValue: any AssertionEffect = LiveAssertionEffect()
  static let testValue: any AssertionEffect = TestAssertionEffect()
}

private enum PreconditionKey: DependencyKey {
  static let liveValue: any AssertionEffect = LivePreconditionEffect()
  static let testValue: any AssertionEffect = TestAssertionEffect()
}
