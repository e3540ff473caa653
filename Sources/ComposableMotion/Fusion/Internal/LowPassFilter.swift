#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Coefficients of a second-order Butterworth low-pass filter for one sample interval.
struct LowPassCoefficients: Sendable {
  var b0 = 1.0, b1 = 0.0, b2 = 0.0, a1 = 0.0, a2 = 0.0

  /// A pass-through filter.
  static let passThrough = LowPassCoefficients()

  /// The filter whose non-oscillating step response settles with time constant `tau` seconds, sampled
  /// every `interval` seconds. A non-positive `tau`, or one too short for the sample rate to represent,
  /// gives a pass-through rather than an unstable filter.
  init(tau: Double, interval: Double) {
    // Cut-off frequency such that the dominant pole has time constant tau.
    let cutoff = 2.0.squareRoot() / (2 * Double.pi) / tau
    let warped = Double.pi * cutoff * interval
    // Above ~0.45π the bilinear transform's prewarping leaves its useful range (tan → ∞ at π/2).
    guard tau > 0, warped < 1.4 else { return }
    let c = tan(warped)
    let d = c * c + 2.0.squareRoot() * c + 1
    b0 = c * c / d
    b1 = 2 * b0
    b2 = b0
    a1 = 2 * (c * c - 1) / d
    a2 = (1 - 2.0.squareRoot() * c + c * c) / d
  }

  private init() {}
}

/// A second-order Butterworth low-pass over a SIMD vector, in double precision (its coefficients can be
/// ~1e-7 at long time constants, where single precision loses the signal).
///
/// Until `tau` seconds of input have been seen it outputs the running mean, then starts filtering from that
/// mean, so the output does not begin with a transient from zero.
struct LowPassFilter<Vector: SIMD & Sendable>: Sendable where Vector.Scalar == Double {
  private var section = LowPassSection<Vector>()
  private var sum = Vector()
  private var warmUpTime = 0.0
  private var warmUpCount = 0.0
  private var warmedUp = false

  @inline(__always)
  mutating func step(
    _ x: Vector, tau: Double, interval: Double, coefficients c: LowPassCoefficients
  ) -> Vector {
    if !warmedUp {
      sum += x
      warmUpCount += 1
      warmUpTime += interval
      let mean = sum / warmUpCount
      if warmUpTime >= tau {
        warmedUp = true
        section = LowPassSection(settledAt: mean, coefficients: c)
      }
      return mean
    }
    return section.filter(x, coefficients: c)
  }
}

/// The two state vectors of a second-order low-pass (transposed direct form II) and its step: shared
/// by the causal ``LowPassFilter`` and the offline ``ZeroPhaseLowPass``.
struct LowPassSection<Vector: SIMD>: Sendable where Vector.Scalar == Double, Vector: Sendable {
  private var state0 = Vector()
  private var state1 = Vector()

  /// A section at rest at zero.
  init() {}

  /// The state that a constant input `value` would have settled into, so the output starts without a
  /// transient from zero.
  init(settledAt value: Vector, coefficients c: LowPassCoefficients) {
    state0 = value * (1 - c.b0)
    state1 = value * (c.b2 - c.a2)
  }

  /// Filters one input.
  @inline(__always)
  mutating func filter(_ x: Vector, coefficients c: LowPassCoefficients) -> Vector {
    let y = c.b0 * x + state0
    state0 = c.b1 * x - c.a1 * y + state1
    state1 = c.b2 * x - c.a2 * y
    return y
  }
}

/// The gain of a first-order low-pass with time constant `tau` seconds at `interval` seconds per sample:
/// 0 disables (negative tau), 1 passes through (tau 0).
@inline(__always)
func gainFromTau(_ tau: Double, interval: Double) -> Double {
  if tau < 0 { return 0 }
  if tau == 0 { return 1 }
  return 1 - exp(-interval / tau)
}
