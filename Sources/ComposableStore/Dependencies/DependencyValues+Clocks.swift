extension DependencyValues {
  /// The clock effects wait on when time must pass even while the system sleeps: a
  /// `ContinuousClock` live, an ``UnimplementedClock`` in tests (override it with a `TestClock`).
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }

  /// The clock effects wait on when time stops while the system sleeps: a `SuspendingClock`
  /// live, an ``UnimplementedClock`` in tests (override it with a `TestClock`).
  public var suspendingClock: any Clock<Duration> {
    get { self[SuspendingClockKey.self] }
    set { self[SuspendingClockKey.self] = newValue }
  }
}

private enum ContinuousClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
  static let testValue: any Clock<Duration> = UnimplementedClock(
    name: #"@Dependency(\.continuousClock)"#)
}

private enum SuspendingClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = SuspendingClock()
  static let testValue: any Clock<Duration> = UnimplementedClock(
    name: #"@Dependency(\.suspendingClock)"#)
}
