#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The filter coefficients that depend on the sample interval, cached because computing them needs
/// `tan` and `exp` and the interval rarely changes by much.
struct FilterCoefficients: Sendable {
  /// The interval the coefficients were computed for, in s (0: never).
  private(set) var interval = 0.0
  var accelerometer = LowPassCoefficients.passThrough
  var rest = LowPassCoefficients.passThrough
  var magneticCurrent = LowPassCoefficients.passThrough
  var magneticGain = 0.0
  var magneticReferenceGain = 0.0
  /// Bias process noise per sample, and the measurement noises derived from it, in (0.01 °/s)².
  var biasProcessNoise = 0.0
  var biasMotionNoise = 0.0
  var biasVerticalNoise = 0.0
  var biasRestNoise = 0.0

  /// Whether the cached coefficients are for an interval more than 1 % away from `newInterval`. Within 1 %
  /// the low-pass corners move by under 1 %, far below what the accuracy depends on, so they are reused;
  /// the integration itself always uses the exact interval.
  @inline(__always)
  func isStale(for newInterval: Double) -> Bool {
    abs(newInterval - interval) > 0.01 * interval
  }

  /// Coefficients for none yet: every interval is stale.
  init() {}

  /// Every coefficient for `newInterval` seconds.
  init(interval newInterval: Double, parameters p: OrientationFilter.Parameters) {
    interval = newInterval
    accelerometer = LowPassCoefficients(tau: p.accelerometerTau, interval: newInterval)
    rest = LowPassCoefficients(tau: p.restFilterTau, interval: newInterval)
    magneticCurrent = LowPassCoefficients(tau: p.magneticCurrentTau, interval: newInterval)
    magneticGain = gainFromTau(p.magnetometerTau, interval: newInterval)
    magneticReferenceGain = gainFromTau(p.magneticReferenceTau, interval: newInterval)
    // The process noise lets the variance grow from 0 to (0.1 °/s)² in biasForgettingTime.
    biasProcessNoise = (0.1 * 100) * (0.1 * 100) * newInterval / p.biasForgettingTime
    // Measurement noise chosen so that the steady-state standard deviation equals the given sigma.
    let motion = square(p.biasSigmaMotion * 100)
    biasMotionNoise = motion * motion / biasProcessNoise + motion
    biasVerticalNoise = biasMotionNoise / max(p.biasVerticalForgettingFactor, 1e-10)
    let rest = square(p.biasSigmaRest * 100)
    biasRestNoise = rest * rest / biasProcessNoise + rest
  }
}

@inline(__always)
func square(_ x: Double) -> Double { x * x }
