#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The running least-squares problem behind ``MagnetometerCalibrator``: the normal equations of the
/// attitude-aided field model, with exponential forgetting, kept as a few sums of fixed size (no
/// allocation per sample).
///
/// Model, for a raw field `u` (divided by a fixed scale so the numbers are near 1) seen while the
/// gyroscope-and-accelerometer orientation is `R` (sensor → a z-up frame whose heading drifts only slowly):
///
///     R (K u + c + τ d) = e
///
/// with `K` the soft-iron correction (3 × 3, any matrix, so a misalignment is corrected too), `c` the
/// offset correction, `e` the Earth's field in that frame and `τ` the magnetometer's delay in samples
/// (`d` is the raw field's change per sample), all unknown. The scale is not observable, so the trace
/// of `K` is fixed at 3: the 15 unknowns are K00…K21 (K22 = 3 − K00 − K11), c, e and τ. Every sample
/// adds three linear equations, one per row of `R`.
///
/// The rows of a rotation are orthonormal (Σᵢ rᵢ rᵢᵀ = I), so the normal equations of the three
/// equations need only u uᵀ, u, R, R ⊗ u and the delay's terms: 62 sums per sample instead of a 15 × 15
/// update, and the 15 × 15 system is assembled from them when a fit is wanted.
struct CalibrationLeastSquares: Sendable {
  static let count = 15
  private static let zeroMatrix = Matrix3(r0: .zero, r1: .zero, r2: .zero)

  // Weighted sums over the samples (each times ``gain``): Σw, Σw u, Σw u uᵀ, Σw R, Σw uₖ R (one matrix
  // per k), Σw d uᵀ, Σw d, Σw R d, Σw |d|².
  private(set) var sumWeight = 0.0
  private(set) var sumU = SIMD3<Double>.zero
  private(set) var sumUU = Self.zeroMatrix
  private(set) var sumR = Self.zeroMatrix
  private(set) var sumRUx = Self.zeroMatrix
  private(set) var sumRUy = Self.zeroMatrix
  private(set) var sumRUz = Self.zeroMatrix
  private(set) var sumDU = Self.zeroMatrix
  private(set) var sumD = SIMD3<Double>.zero
  private(set) var sumRD = SIMD3<Double>.zero
  private(set) var sumDD = 0.0
  /// The forgotten count of samples (each of three equations).
  private(set) var weight = 0.0
  /// The factor the stored sums carry: forgetting multiplies every old term by f < 1, which is done by
  /// dividing the new terms' factor by f instead (one multiplication per step, not 62), and folding it
  /// back into the sums when it grows large.
  private(set) var gain = 1.0

  /// The solution with its uncertainty.
  struct Solution: Sendable {
    var soft: Matrix3
    var offset: SIMD3<Double>
    var earth: SIMD3<Double>
    /// How many samples the magnetometer lags the orientation by.
    var delay: Double
    /// The residual sum of squares (normalized units²).
    var residualSum: Double
    /// The mean square residual per equation (normalized units²).
    var residualVariance: Double
    /// The variance of the corrected field's heading in the orientation's frame (rad²), for the raw
    /// field and orientation it was solved at.
    var headingVariance: Double
    /// ``headingVariance`` per unit of residual variance (rad² per normalized unit²): the heading's
    /// variance for any assumed noise level, the prior's share included.
    var headingSensitivity: Double
  }

  /// How well the orientations seen so far pin the offset down, 0…1: the smallest eigenvalue of
  /// I − R̄ᵀR̄, R̄ the weighted mean rotation. Turning about one axis only leaves the offset (and the
  /// Earth's field) along that axis unobservable, and this is 0; orientations spread over every
  /// direction make it near 1.
  var rotationCoverage: Double { rotationSpread.x }

  mutating func reset() {
    self = CalibrationLeastSquares()
  }

  /// Adds one sample's three equations, each weighted by `sampleWeight` (0 < w ≤ 1), after multiplying
  /// everything so far by `forgetting` (0 < f ≤ 1). A sample that stands for `count` of them (the
  /// average of `count` steps) weighs `count` times as much, after `count` forgettings.
  mutating func add(
    raw u: SIMD3<Double>, rate d: SIMD3<Double>, rotation r: Matrix3, sampleWeight: Double,
    forgetting: Double, count: Int = 1
  ) {
    let factor = count > 1 ? pow(forgetting, Double(count)) : forgetting
    if factor < 1 {
      weight *= factor
      gain *= 1 / factor
      if gain > 1e100 { foldGain() }
    }
    let sampleWeight = count > 1 ? sampleWeight * Double(count) : sampleWeight
    weight += sampleWeight
    let w = sampleWeight * gain
    let wu = w * u
    let wd = w * d
    sumWeight += w
    sumU += wu
    sumUU = sumUU + Matrix3(r0: wu.x * u, r1: wu.y * u, r2: wu.z * u)
    sumR = sumR + r.scaled(w)
    sumRUx = sumRUx + r.scaled(wu.x)
    sumRUy = sumRUy + r.scaled(wu.y)
    sumRUz = sumRUz + r.scaled(wu.z)
    sumDU = sumDU + Matrix3(r0: wd.x * u, r1: wd.y * u, r2: wd.z * u)
    sumD += wd
    sumRD += r * wd
    sumDD += dot(wd, d)
  }

  /// Divides the stored sums by ``gain`` and resets it to 1.
  private mutating func foldGain() {
    let inverse = 1 / gain
    sumWeight *= inverse
    sumU *= inverse
    sumUU = sumUU.scaled(inverse)
    sumR = sumR.scaled(inverse)
    sumRUx = sumRUx.scaled(inverse)
    sumRUy = sumRUy.scaled(inverse)
    sumRUz = sumRUz.scaled(inverse)
    sumDU = sumDU.scaled(inverse)
    sumD *= inverse
    sumRD *= inverse
    sumDD *= inverse
    gain = 1
  }
}
