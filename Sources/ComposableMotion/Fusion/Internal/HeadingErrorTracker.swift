/// What the filter knows about its heading's error, from the magnetometer samples it corrects with.
///
/// Each sample's heading disagreement (the field's horizontal direction minus the heading in use) is
/// the heading's error plus the sample's own error: noise, and, when the calibration is off, a wobble
/// that turns with the device (a leftover hard iron seen from a turning device points a different way
/// in every orientation). The heading is a slow average of these disagreements, so its error stays
/// within their spread: the root mean square of the disagreement, first smoothed over ``noiseTau`` so
/// the noise (which the slow average removes) does not count, is the bound's scale.
struct HeadingErrorTracker: Sendable {
  /// Seconds over which the disagreement is smoothed first (the magnetometer's white noise averages
  /// out in the heading; a calibration's wobble does not).
  static let noiseTau = 0.5
  /// Seconds over which the squared smoothed disagreement is averaged.
  static let spreadTau = 8.0

  private var smoothed = 0.0
  private var meanSquare = 0.0
  private var time = 0.0
  /// Seconds of heading correction without a magnetometer sample being used (rejected as disturbed).
  private(set) var heldTime = 0.0

  /// Whether enough samples have been seen to say anything (one noise time constant).
  var isSettled: Bool { time >= Self.noiseTau }

  /// The root mean square of the smoothed disagreement, in radians.
  var spread: Double { meanSquare.squareRoot() }

  /// Adds one used sample's disagreement (radians) after `interval` seconds.
  @inline(__always)
  mutating func add(_ disagreement: Double, interval: Double) {
    guard interval > 0, interval.isFinite, disagreement.isFinite else { return }
    time += interval
    heldTime = 0
    // Each average weighs the samples alike while it is younger than its time constant (a division),
    // then exponentially (a multiplication: this runs for every magnetometer sample).
    let fast = time < Self.noiseTau ? min(1, interval / time) : interval * (1 / Self.noiseTau)
    smoothed += min(fast, 1) * (disagreement - smoothed)
    let slow = time < Self.spreadTau ? min(1, interval / time) : interval * (1 / Self.spreadTau)
    meanSquare += min(slow, 1) * (smoothed * smoothed - meanSquare)
  }

  /// Counts `interval` seconds during which the heading was held (a disturbance rejected).
  @inline(__always)
  mutating func hold(interval: Double) {
    if interval > 0, interval.isFinite { heldTime += interval }
  }
}
