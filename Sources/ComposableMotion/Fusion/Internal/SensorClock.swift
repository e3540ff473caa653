/// One sensor's timing: its last timestamp, its smoothed sample interval and the filter coefficients for
/// that interval. Each sensor has its own, so a magnetometer at 20 Hz beside a gyroscope at 400 Hz gets
/// gains for 20 Hz.
struct SensorClock: Sendable {
  /// The last accepted timestamp in s, or nil before the first sample.
  private(set) var lastTimestamp: Double?
  /// The interval the low-passes run on, in s: a running mean of the actual intervals. Changing a
  /// recursive filter's coefficients on every sample (jittery timestamps) corrupts its state, while treating
  /// jittered samples as evenly spaced at the mean rate keeps the time constants right on average.
  private(set) var smoothedInterval = 0.0
  var coefficients = FilterCoefficients()

  /// Whether `timestamp` may follow the last one: `nil` if it is finite, strictly later and at most
  /// `maximumInterval` s later; otherwise why not.
  @inline(__always)
  func rejection(
    of timestamp: Double, maximumInterval: Double, sensor: OrientationFilter.SampleRejection.Sensor
  ) -> OrientationFilter.SampleRejection? {
    guard timestamp.isFinite else { return .notFinite(sensor) }
    guard let lastTimestamp else { return nil }
    guard timestamp > lastTimestamp else { return .timestampNotIncreasing(sensor) }
    // Written so that an overflowing difference (1e308 − −1e308) also counts as a gap.
    guard !(timestamp - lastTimestamp <= maximumInterval) else { return nil }
    return .timeGap(sensor)
  }

  /// Whether `timestamp` plainly follows the last one: strictly later, and at most `maximumInterval` s
  /// later, which must be finite (so `timestamp` is too). `false` decides nothing:
  /// ``rejection(of:maximumInterval:sensor:)`` then tells why not, or accepts a sensor's first sample.
  @inline(__always)
  func plainlyAccepts(_ timestamp: Double, maximumInterval: Double) -> Bool {
    guard let lastTimestamp else { return false }
    return timestamp > lastTimestamp && timestamp - lastTimestamp <= maximumInterval
  }

  /// Restarts the clock at `timestamp` after a gap: the next sample's interval counts from here, and the
  /// smoothed interval (the filters' sample rate) is kept.
  mutating func restart(at timestamp: Double) {
    lastTimestamp = timestamp
  }

  /// Moves to `timestamp` (which ``rejection(of:maximumInterval:sensor:)`` accepts) and returns the exact interval since the last sample,
  /// 0 for the first.
  @inline(__always)
  mutating func advance(to timestamp: Double) -> Double {
    defer { lastTimestamp = timestamp }
    guard let lastTimestamp else { return 0 }
    let interval = timestamp - lastTimestamp
    smoothedInterval += (smoothedInterval == 0 ? 1 : 0.02) * (interval - smoothedInterval)
    return interval
  }

  /// Whether the coefficients need recomputing for the current smoothed interval.
  @inline(__always)
  var needsCoefficients: Bool {
    smoothedInterval > 0 && coefficients.isStale(for: smoothedInterval)
  }
}
