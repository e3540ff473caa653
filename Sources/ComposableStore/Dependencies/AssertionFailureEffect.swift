/// An assertion failure that fails the test in tests instead of stopping the process: the
/// `\.assertionFailure` dependency (swift-dependencies' `AssertionFailureEffect`), which
/// fails through `\.assert`.
///
/// ```swift
/// @Dependency(\.assertionFailure) var assertionFailure
/// assertionFailure("Unknown sensor \(id)")
/// ```
public protocol AssertionFailureEffect: Sendable {
  /// Fails with `message` at `file` and `line`.
  ///
  /// - Parameters:
  ///   - message: What failed.
  ///   - file: The file the failure is reported in.
  ///   - line: The line it is reported at.
  func callAsFunction(_ message: @autoclosure () -> String, file: StaticString, line: UInt)
}

extension AssertionFailureEffect {
  /// Fails with `message` where this is called.
  ///
  /// - Parameters:
  ///   - message: What failed; empty by default.
  ///   - file: The file the failure is reported in: the caller's, by default.
  ///   - line: The line it is reported at.
  @_disfavoredOverload
  public func callAsFunction(
    _ message: @autoclosure () -> String = "",
    file: StaticString = #fileID,
    line: UInt = #line
  ) {
    self.callAsFunction(message(), file: file, line: line)
  }
}

extension DependencyValues {
  /// Swift's `assertionFailure` live (through ``assert``); a reported issue in tests.
  public var assertionFailure: any AssertionFailureEffect {
    AssertionFailure(base: self.assert)
  }
}

/// A failure of `base` with a false condition.
private struct AssertionFailure: AssertionFailureEffect {
  let base: any AssertionEffect

  func callAsFunction(_ message: @autoclosure () -> String, file: StaticString, line: UInt) {
    base(false, message(), file: file, line: line)
  }
}
