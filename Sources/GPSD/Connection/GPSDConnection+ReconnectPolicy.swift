extension GPSDConnection {
  /// Capped exponential backoff between connection attempts.
  ///
  /// The delay before retry *n* (counting from 1) is `initialDelay × multiplier^(n−1)`, never more than
  /// `maximumDelay`. The count restarts once gpsd accepts a WATCH.
  public struct ReconnectPolicy: Sendable, Hashable {
    /// Delay before the first retry.
    public var initialDelay: Duration
    /// Upper bound of any delay.
    public var maximumDelay: Duration
    /// Growth factor between consecutive delays (≥ 1).
    public var multiplier: Double
    /// How many consecutive failed attempts end the stream; `nil` retries forever.
    public var maximumAttempts: Int?

    /// Creates a policy; by default 0.25 s doubling up to 8 s, retrying forever.
    public init(
      initialDelay: Duration = .milliseconds(250), maximumDelay: Duration = .seconds(8),
      multiplier: Double = 2,
      maximumAttempts: Int? = nil
    ) {
      self.initialDelay = initialDelay
      self.maximumDelay = maximumDelay
      self.multiplier = max(1, multiplier)
      self.maximumAttempts = maximumAttempts
    }

    /// Never reconnect: the first failure ends the stream.
    public static let never = ReconnectPolicy(maximumAttempts: 1)

    /// The delay before retry `attempt` (1-based).
    public func delay(beforeRetry attempt: Int) -> Duration {
      var delay = initialDelay
      var step = 1
      while step < attempt, delay < maximumDelay {
        delay = delay * multiplier
        step += 1
      }
      return min(delay, maximumDelay)
    }
  }
}
