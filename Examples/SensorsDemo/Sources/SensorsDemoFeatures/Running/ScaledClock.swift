/// A clock that runs `speed` times faster than `ContinuousClock`, for `--speed`: replays paced
/// on it play faster (or slower, below 1) while their code still sleeps in recording time.
public struct ScaledClock: Clock, Sendable {
  /// A point in scaled time: the scaled time elapsed since the clock was made.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// Scaled time since the clock's creation.
    public var offset: Duration

    public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
    public func duration(to other: Self) -> Duration { other.offset - offset }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }

  private let base = ContinuousClock()
  private let origin: ContinuousClock.Instant
  /// How many seconds of scaled time pass per real second.
  public let speed: Double

  /// Creates a clock running `speed` (> 0) times as fast as real time.
  public init(speed: Double) {
    self.speed = speed > 0 && speed.isFinite ? speed : 1
    self.origin = base.now
  }

  public var now: Instant { Instant(offset: origin.duration(to: base.now) * speed) }

  public var minimumResolution: Duration { base.minimumResolution * speed }

  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let remaining = now.duration(to: deadline)
    guard remaining > .zero else { return try Task.checkCancellation() }
    try await base.sleep(for: remaining / speed, tolerance: tolerance.map { $0 / speed })
  }
}
