import Synchronization

/// A clock on which every sleep ends at once, with time jumping to the sleep's deadline.
///
/// Use it where a test does not care about the waiting, only that the code after it runs:
/// a retry delay, a debounce whose result alone matters. Use ``TestClock`` to check timing.
public struct ImmediateClock: Clock, Sendable {
  /// A point in the immediate clock's time: the offset from its start.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// The time elapsed since the clock's start.
    public let offset: Duration

    /// Creates the instant `offset` after the clock's start.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
    /// The time from this instant to `other`.
    public func duration(to other: Self) -> Duration { other.offset - offset }
    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }

  private final class Storage: Sendable {
    let now: Mutex<Instant>
    init(now: Instant) { self.now = Mutex(now) }
  }

  private let storage: Storage

  /// Creates a clock at `now`. Copies of the clock share its time.
  public init(now: Instant = Instant()) {
    self.storage = Storage(now: now)
  }

  /// The current time: the latest deadline any sleep asked for.
  public var now: Instant { storage.now.withLock { $0 } }

  /// The smallest step this clock distinguishes: any.
  public var minimumResolution: Duration { .zero }

  /// Moves time to `deadline` (if later) and returns after a yield; throws if cancelled.
  ///
  /// On a ``SerialTestExecutor`` the yield puts the task behind every job already enqueued, so
  /// sleepers due at the same instant resume in the order their sleeps began, each running until
  /// it waits again before the next resumes.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    storage.now.withLock { $0 = Swift.max($0, deadline) }
    await Task.yield()
    try Task.checkCancellation()
  }
}
