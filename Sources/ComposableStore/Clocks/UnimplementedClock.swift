import SensorsCore

/// A clock that fails the running test when it is used: the test value of the
/// `\.continuousClock` and `\.suspendingClock` dependencies, naming the dependency.
///
/// ``sleep(until:tolerance:)`` (and so `sleep(for:)`) reports an issue and throws `CancellationError`, so an effect that waits on it ends instead of
/// waiting forever. A test overrides the clock it expects its feature to use:
/// `$0.continuousClock = TestClock()`.
public struct UnimplementedClock: Clock {
  /// An instant of this clock: a continuous-clock instant.
  public typealias Instant = ContinuousClock.Instant

  /// The name the issues give the clock: `@Dependency(\.continuousClock)`.
  public let name: String

  /// A clock reported as `name` when used.
  public init(name: String = "Clock") {
    self.name = name
  }

  /// The continuous clock's current instant, without an issue: `sleep(for:)` reads it before
  /// it sleeps, and the sleep is what reports.
  public var now: Instant { ContinuousClock().now }

  /// The continuous clock's resolution.
  public var minimumResolution: Duration { ContinuousClock().minimumResolution }

  /// Reports an issue, then throws `CancellationError` instead of sleeping.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    IssueReporter.report(
      "Unimplemented: \(name).sleep", fileID: #fileID, filePath: #filePath, line: #line,
      column: #column)
    throw CancellationError()
  }
}
