import SensorsCore

/// Tells the time: the `\.date` dependency, swift-dependencies' `DateGenerator` with
/// `Timestamp` (seconds since 1970, UTC) for Foundation's `Date`.
///
/// ```swift
/// @Dependency(\.date.now) var now
/// state.startedAt = now
/// ```
///
/// Live it is the system's real-time clock; its test value fails the test, so a test sets
/// `$0.date = .constant(Timestamp(timeIntervalSince1970: 1_234_567_890))`.
public struct DateGenerator: Sendable {
  private var generate: @Sendable () -> Timestamp

  /// A generator that calls `generate` for every date.
  public init(_ generate: @escaping @Sendable () -> Timestamp) {
    self.generate = generate
  }

  /// A generator that always returns `now`.
  public static func constant(_ now: Timestamp) -> Self {
    Self { now }
  }

  /// The current date; settable, as in swift-dependencies: `$0.date.now = fixed`.
  public var now: Timestamp {
    get { generate() }
    set { generate = { newValue } }
  }

  /// The current date.
  public func callAsFunction() -> Timestamp {
    generate()
  }
}

extension DependencyValues {
  /// The current date: the system's real-time clock live, a failing generator in tests.
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }
}

private enum DateGeneratorKey: DependencyKey {
  static let liveValue = DateGenerator { Timestamp.now() }
  static let testValue = DateGenerator {
    // Read to be changed (`$0.date.now = …`, `.dependency(\.date.now, …)`), it is not used.
    if !DependencyResolution.isUpdating {
      IssueReporter.report(
        #"Unimplemented: @Dependency(\.date)"#, fileID: #fileID, filePath: #filePath, line: #line,
        column: #column)
    }
    return Timestamp.now()
  }
}
