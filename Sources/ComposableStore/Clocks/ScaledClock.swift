/// A clock that runs another clock `speed` times as fast: replays paced on it play faster (or
/// slower, below 1) while the code that paces them still sleeps in recording time.
///
/// ```swift
/// let clock = ScaledClock(speed: 10)           // ten times real time
/// let motion = MotionClient.replay(recording: recording, clock: clock)
/// ```
///
/// Time on this clock starts at zero when the clock is made. No argument traps: `speed` is
/// clamped into ``speedRange`` (a NaN speed is taken as 1), and every scaled duration saturates
/// at about ±292 billion years instead of overflowing.
public struct ScaledClock<Base: Clock<Duration>>: Clock, Sendable {
  /// A point in scaled time: the scaled time elapsed since the clock was made.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// Scaled time since the clock's creation.
    public var offset: Duration

    /// Creates the instant `offset` after the clock's creation.
    public init(offset: Duration) {
      self.offset = offset
    }

    /// The instant `duration` later, saturating instead of overflowing.
    public func advanced(by duration: Duration) -> Self {
      Self(offset: ScaledDuration.sum(offset, duration))
    }

    /// The scaled time from this instant to `other`.
    public func duration(to other: Self) -> Duration {
      ScaledDuration.sum(other.offset, ScaledDuration.scale(offset, by: -1))
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }

  /// The speeds a clock can run at, in scaled seconds per base second: 10⁻⁹ to 10⁹. Speeds
  /// outside are clamped to the nearest bound.
  public static var speedRange: ClosedRange<Double> { 1e-9...1e9 }

  /// The clock this one scales.
  public let base: Base
  private let origin: Base.Instant
  /// How many seconds of scaled time pass per second of `base`, within ``speedRange``.
  public let speed: Double

  /// Creates a clock running `speed` times as fast as `base`, from zero now.
  ///
  /// - Parameters:
  ///   - base: the clock to scale (its time keeps running; this one starts at zero now).
  ///   - speed: scaled seconds per base second; clamped into ``speedRange``, and 1 when it is
  ///     NaN.
  public init(base: Base, speed: Double) {
    self.base = base
    self.origin = base.now
    self.speed =
      speed.isNaN
      ? 1 : min(max(speed, Self.speedRange.lowerBound), Self.speedRange.upperBound)
  }

  /// The scaled time elapsed since the clock was made.
  public var now: Instant {
    Instant(offset: ScaledDuration.scale(origin.duration(to: base.now), by: speed))
  }

  /// The base clock's resolution in scaled time.
  public var minimumResolution: Duration {
    ScaledDuration.scale(base.minimumResolution, by: speed)
  }

  /// Suspends until `deadline` in scaled time; returns at once (after checking for
  /// cancellation) when it has passed.
  ///
  /// - Throws: `CancellationError` when the task is cancelled first.
  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    // Long waits sleep in chunks, so that no base clock is asked for a deadline it cannot hold.
    let chunk = Duration.seconds(1_000_000_000)
    while true {
      let remaining = ScaledDuration.scale(now.duration(to: deadline), by: 1 / speed)
      guard remaining > .zero else { return try Task.checkCancellation() }
      try await base.sleep(
        for: min(remaining, chunk),
        tolerance: tolerance.map { ScaledDuration.scale($0, by: 1 / speed) })
    }
  }
}

extension ScaledClock where Base == ContinuousClock {
  /// Creates a clock running `speed` times as fast as real time (`ContinuousClock`).
  ///
  /// - Parameter speed: scaled seconds per real second; clamped into ``speedRange``, and 1 when
  ///   it is NaN.
  public init(speed: Double) {
    self.init(base: ContinuousClock(), speed: speed)
  }
}
