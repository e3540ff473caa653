#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A Rauch–Tung–Striebel smoother for an angle modelled as a random walk, observed directly with white
/// noise: the heading offset between the 6D frame and East-North-Up, observed by the magnetometer.
///
/// The measurement variance is 1 (only the ratio to the process noise matters for the estimate); the
/// process noise per second is chosen so that the forward Kalman filter alone would settle to the gain of
/// a first-order low-pass with time constant `tau` at the nominal interval. Differences are wrapped to
/// −π…π, so the angle may turn any number of times. Time and memory are linear in the count.
enum HeadingSmoother {
  /// The smoothed angle in rad for every entry; `measurements[i]` counts only where `valid[i]`.
  /// `intervals[i]` is the time in s from entry i − 1 to entry i (ignored for the first). Without any
  /// valid measurement every angle is 0.
  static func smooth(
    measurements: [Double], valid: [Bool], intervals: [Double], tau: Double,
    nominalInterval: Double
  ) -> [Double] {
    let count = measurements.count
    guard valid.contains(true) else { return Array(repeating: 0, count: count) }
    let gain = tau > 0 ? -expm1(-nominalInterval / tau) : 1
    // Steady state of P⁺ = (P⁺ + q)·r / (P⁺ + q + r) with r = 1 at gain K: q = K² / (1 − K).
    let noiseRate = gain >= 1 ? 1e6 / nominalInterval : gain * gain / (1 - gain) / nominalInterval
    var filtered = [Double](repeating: 0, count: count)
    var variances = [Double](repeating: 0, count: count)
    var processNoise = [Double](repeating: 0, count: count)
    // Before the first measurement nothing is known; a large variance (not infinity) keeps the algebra finite.
    let unknown = 1e12
    var estimate = 0.0
    var variance = unknown
    var started = false
    for index in 0..<count {
      if index > 0 {
        let q = noiseRate * max(intervals[index], 0)
        processNoise[index] = q
        variance = min(variance + q, unknown)
      }
      if valid[index] {
        if started {
          let k = variance / (variance + 1)
          estimate = wrapAngle(estimate + k * wrapAngle(measurements[index] - estimate))
          variance *= 1 - k
        } else {
          estimate = measurements[index]
          variance = 1
          started = true
        }
      }
      filtered[index] = estimate
      variances[index] = variance
    }
    var smoothed = filtered
    var next = filtered[count - 1]
    for index in stride(from: count - 2, through: 0, by: -1) {
      let predicted = variances[index] + processNoise[index + 1]
      let c = predicted > 0 ? variances[index] / predicted : 1
      next = wrapAngle(filtered[index] + c * wrapAngle(next - filtered[index]))
      smoothed[index] = next
    }
    return smoothed
  }
}
