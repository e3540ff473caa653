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
  private var sumWeight = 0.0
  private var sumU = SIMD3<Double>.zero
  private var sumUU = Self.zeroMatrix
  private var sumR = Self.zeroMatrix
  private var sumRUx = Self.zeroMatrix
  private var sumRUy = Self.zeroMatrix
  private var sumRUz = Self.zeroMatrix
  private var sumDU = Self.zeroMatrix
  private var sumD = SIMD3<Double>.zero
  private var sumRD = SIMD3<Double>.zero
  private var sumDD = 0.0
  /// The forgotten count of samples (each of three equations).
  private(set) var weight = 0.0
  /// The factor the stored sums carry: forgetting multiplies every old term by f < 1, which is done by
  /// dividing the new terms' factor by f instead (one multiplication per step, not 62), and folding it
  /// back into the sums when it grows large.
  private var gain = 1.0

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
  var rotationCoverage: Double {
    guard sumWeight > 0 else { return 0 }
    let mean = sumR.scaled(1 / sumWeight)
    let m = mean.transposed * mean
    // I − M, symmetric: its smallest eigenvalue in closed form (trigonometric, Smith 1961).
    let a00 = 1 - m.r0.x
    let a11 = 1 - m.r1.y
    let a22 = 1 - m.r2.z
    let a01 = -m.r0.y
    let a02 = -m.r0.z
    let a12 = -m.r1.z
    let q = (a00 + a11 + a22) / 3
    let p1 = a01 * a01 + a02 * a02 + a12 * a12
    let p2 = (a00 - q) * (a00 - q) + (a11 - q) * (a11 - q) + (a22 - q) * (a22 - q) + 2 * p1
    guard p2 > 1e-30 else { return max(0, q) }
    let p = (p2 / 6).squareRoot()
    let b00 = (a00 - q) / p
    let b11 = (a11 - q) / p
    let b22 = (a22 - q) / p
    let b01 = a01 / p
    let b02 = a02 / p
    let b12 = a12 / p
    let determinant =
      b00 * (b11 * b22 - b12 * b12) - b01 * (b01 * b22 - b12 * b02) + b02 * (b01 * b12 - b11 * b02)
    let phi = acos(max(-1, min(1, determinant / 2))) / 3
    let smallest = q + 2 * p * cos(phi + 2 * Double.pi / 3)
    return smallest.isFinite ? max(0, smallest) : 0
  }

  mutating func reset() {
    self = CalibrationLeastSquares()
  }

  /// Adds one sample's three equations, each weighted by `sampleWeight` (0 < w ≤ 1), after multiplying
  /// everything so far by `forgetting` (0 < f ≤ 1).
  mutating func add(
    raw u: SIMD3<Double>, rate d: SIMD3<Double>, rotation r: Matrix3, sampleWeight: Double,
    forgetting: Double
  ) {
    if forgetting < 1 {
      weight *= forgetting
      gain *= 1 / forgetting
      if gain > 1e100 { foldGain() }
    }
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

  /// The normal equations (full symmetric N, right-hand side v and yᵀy, without the prior, the gain
  /// divided out) of the 15 unknowns.
  private struct System {
    var normal: [Double]
    var rightHandSide: [Double]
    var targetSquares: Double
  }

  /// Builds ``System`` from the sums: first the 16 × 16 Gram matrix G of the model with all nine K
  /// entries (K, c, e, τ), then N = Tᵀ G T, v = −Tᵀ G t₀, yᵀy = t₀ᵀ G t₀ for K22 = 3 − K00 − K11
  /// (q = T p + t₀).
  private func system() -> System {
    let full = 16
    var g = [Double](repeating: 0, count: full * full)
    let inverse = 1 / gain
    func set(_ a: Int, _ b: Int, _ value: Double) {
      g[a * full + b] = value * inverse
      g[b * full + a] = value * inverse
    }
    let uu = [sumUU.r0, sumUU.r1, sumUU.r2]
    let ru = [sumRUx, sumRUy, sumRUz]
    let rows = [sumR.r0, sumR.r1, sumR.r2]
    let du = [sumDU.r0, sumDU.r1, sumDU.r2]
    for j in 0..<3 {
      for k in 0..<3 {
        let a = 3 * j + k
        // K–K: δⱼⱼ′ uₖ uₖ′.
        for k2 in 0..<3 { set(a, 3 * j + k2, uu[k][k2]) }
        // K–c: δⱼⱼ′ uₖ.
        set(a, 9 + j, sumU[k])
        // K–e: −Rᵢⱼ uₖ.
        for i in 0..<3 {
          let m = ru[k]
          set(a, 12 + i, -(i == 0 ? m.r0 : (i == 1 ? m.r1 : m.r2))[j])
        }
        // K–τ: dⱼ uₖ.
        set(a, 15, du[j][k])
      }
      // c–c and e–e: the identity times Σw; c–e: −Rᵢⱼ; c–τ: dⱼ; e–τ: −(R d)ᵢ.
      set(9 + j, 9 + j, sumWeight)
      set(12 + j, 12 + j, sumWeight)
      for i in 0..<3 { set(9 + j, 12 + i, -rows[i][j]) }
      set(9 + j, 15, sumD[j])
      set(12 + j, 15, -sumRD[j])
    }
    set(15, 15, sumDD)
    let n = Self.count
    // Column of q for unknown a, and whether K22 (q index 8) moves with it (−1).
    func column(_ a: Int) -> Int { a < 8 ? a : a + 1 }
    func movesK22(_ a: Int) -> Bool { a == 0 || a == 4 }
    var normal = [Double](repeating: 0, count: n * n)
    var rightHandSide = [Double](repeating: 0, count: n)
    for a in 0..<n {
      let qa = column(a)
      for b in a..<n {
        let qb = column(b)
        var value = g[qa * full + qb]
        if movesK22(a) { value -= g[8 * full + qb] }
        if movesK22(b) { value -= g[qa * full + 8] }
        if movesK22(a) && movesK22(b) { value += g[8 * full + 8] }
        normal[a * n + b] = value
        normal[b * n + a] = value
      }
      var gt = g[qa * full + 8]
      if movesK22(a) { gt -= g[8 * full + 8] }
      rightHandSide[a] = -3 * gt
    }
    return System(
      normal: normal, rightHandSide: rightHandSide, targetSquares: 9 * g[8 * full + 8])
  }

  /// pᵀNp − 2pᵀv + yᵀy (N, v, y without the prior).
  private static func residual(_ p: [Double], _ system: System) -> Double {
    let n = Self.count
    var quadratic = 0.0
    var linear = 0.0
    for a in 0..<n {
      linear += p[a] * system.rightHandSide[a]
      var row = 0.0
      for b in 0..<n { row += system.normal[a * n + b] * p[b] }
      quadratic += p[a] * row
    }
    return max(quadratic - 2 * linear + system.targetSquares, 0)
  }

  /// The parameter vector of a given correction (trace of `soft` 3, normalized units) and delay, with the
  /// Earth's field 0.
  static func parameters(soft k: Matrix3, offset c: SIMD3<Double>, delay: Double) -> [Double] {
    [k.r0.x, k.r0.y, k.r0.z, k.r1.x, k.r1.y, k.r1.z, k.r2.x, k.r2.y, c.x, c.y, c.z, 0, 0, 0, delay]
  }

  /// All unknowns.
  static let allUnknowns = Array(0..<count)
  /// The Earth's field and the delay: the unknowns left when a calibration (K, c) is given.
  static let earthAndDelayUnknowns = Array(11..<count)
  /// Every parameter 0 (for a solve with all unknowns free).
  static let noParameters = [Double](repeating: 0, count: count)

  /// Solves for the unknowns `free` (indices into the parameter vector), the others held at their values
  /// in `fixed`, with a prior pulling K towards the identity (worth `softIronPriorWeight` equations per
  /// entry) and a negligible one on c and e; `nil` if the system is not positive definite or the answer
  /// not finite. The uncertainty is reported for the heading of the corrected field of raw field `u` seen
  /// in orientation `rotation` (device → the z-up frame): its component across the fitted horizontal
  /// field, divided by that field's strength.
  func solve(
    free: [Int], fixed: [Double], softIronPriorWeight: Double, at u: SIMD3<Double>,
    rotation: Matrix3
  ) -> Solution? {
    let n = Self.count
    let f = free.count
    let sums = system()
    // The reduced symmetric matrix with the prior on the diagonal, then its Cholesky factor in place.
    var m = [Double](repeating: 0, count: f * f)
    var isFree = [Bool](repeating: false, count: n)
    for a in free { isFree[a] = true }
    var rhs = [Double](repeating: 0, count: f)
    for (i, a) in free.enumerated() {
      var value = sums.rightHandSide[a]
      for b in 0..<n where !isFree[b] && fixed[b] != 0 {
        value -= sums.normal[a * n + b] * fixed[b]
      }
      rhs[i] = value
      for (j, b) in free.enumerated() { m[i * f + j] = sums.normal[a * n + b] }
      let prior = a < 8 ? softIronPriorWeight : (a == 14 ? 1e-3 : 1e-9)
      m[i * f + i] += prior
      if a == 0 || a == 4 { rhs[i] += prior }
    }
    guard Self.choleskyFactor(&m, f) else { return nil }
    let x = Self.choleskySolve(m, f, rhs)
    guard x.allSatisfy(\.isFinite) else { return nil }
    var p = fixed
    for (i, a) in free.enumerated() { p[a] = x[i] }
    let residualSum = Self.residual(p, sums)
    let freedom = max(3 * weight - Double(f), 1)
    let residualVariance = residualSum / freedom
    // A component of the corrected field is gᵀp (see ``gradient(along:at:)``); its variance is σ² gᵀ M⁻¹ g
    // over the free unknowns.
    func variance(_ g: [Double]) -> Double {
      let reduced = free.map { g[$0] }
      let z = Self.choleskySolve(m, f, reduced)
      var sum = 0.0
      for i in 0..<f { sum += reduced[i] * z[i] }
      return sum
    }
    // The heading of the corrected field in the frame: its component across the fitted horizontal field.
    let earth = SIMD3(p[11], p[12], p[13])
    let horizontal = (earth.x * earth.x + earth.y * earth.y).squareRoot()
    var headingVariance = Double.infinity
    if horizontal > 0 {
      let across = SIMD3(-earth.y / horizontal, earth.x / horizontal, 0)
      // rotation maps device → frame, so the device-axes direction of `across` is rotationᵀ · across.
      let w = rotation.transposed * across
      headingVariance = variance(Self.gradient(along: w, at: u)) / (horizontal * horizontal)
    }
    let soft = Matrix3(
      r0: SIMD3(p[0], p[1], p[2]), r1: SIMD3(p[3], p[4], p[5]),
      r2: SIMD3(p[6], p[7], 3 - p[0] - p[4]))
    return Solution(
      soft: soft, offset: SIMD3(p[8], p[9], p[10]), earth: earth, delay: p[14],
      residualSum: residualSum, residualVariance: residualVariance,
      headingVariance: residualVariance * headingVariance, headingSensitivity: headingVariance)
  }

  /// The gradient of wᵀ(K u + c) with respect to the parameters (K22 = 3 − K00 − K11).
  private static func gradient(along w: SIMD3<Double>, at u: SIMD3<Double>) -> [Double] {
    [
      w.x * u.x - w.z * u.z, w.x * u.y, w.x * u.z, w.y * u.x, w.y * u.y - w.z * u.z, w.y * u.z,
      w.z * u.x, w.z * u.y, w.x, w.y, w.z, 0, 0, 0, 0,
    ]
  }

  /// In-place lower Cholesky factor of a symmetric n × n matrix; `false` if not positive definite.
  private static func choleskyFactor(_ m: inout [Double], _ n: Int) -> Bool {
    for j in 0..<n {
      var diagonal = m[j * n + j]
      for k in 0..<j { diagonal -= m[j * n + k] * m[j * n + k] }
      guard diagonal > 0, diagonal.isFinite else { return false }
      let root = diagonal.squareRoot()
      m[j * n + j] = root
      for i in (j + 1)..<n {
        var value = m[i * n + j]
        for k in 0..<j { value -= m[i * n + k] * m[j * n + k] }
        m[i * n + j] = value / root
      }
    }
    return true
  }

  /// Solves L Lᵀ x = b with the factor from ``choleskyFactor(_:_:)``.
  private static func choleskySolve(_ l: [Double], _ n: Int, _ b: [Double]) -> [Double] {
    var x = b
    for i in 0..<n {
      var value = x[i]
      for k in 0..<i { value -= l[i * n + k] * x[k] }
      x[i] = value / l[i * n + i]
    }
    for i in stride(from: n - 1, through: 0, by: -1) {
      var value = x[i]
      for k in (i + 1)..<n { value -= l[k * n + i] * x[k] }
      x[i] = value / l[i * n + i]
    }
    return x
  }
}
