/// The running least-squares problem behind ``MagnetometerCalibrator``: the normal equations of the
/// attitude-aided field model, with exponential forgetting, in a fixed 15 × 15 storage (no allocation
/// per sample).
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
struct CalibrationLeastSquares: Sendable {
  static let count = 15

  /// The upper triangle of ΦᵀΦ, row-major (i ≤ j at `i * count + j`).
  private var normal = [Double](repeating: 0, count: count * count)
  /// Φᵀy.
  private var rightHandSide = [Double](repeating: 0, count: count)
  /// yᵀy.
  private var targetSquares = 0.0
  /// The forgotten count of samples (each of three equations).
  private(set) var weight = 0.0
  /// The factor the stored sums carry: forgetting multiplies every old term by f < 1, which is done by
  /// dividing the new terms' factor by f instead (one multiplication per step, not 200), and folding it
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
    /// The variance of the corrected field for the raw field it was solved at, summed over its three
    /// components (normalized units²): how far the fit's uncertainty can move that field.
    var fieldVariance: Double
  }

  mutating func reset() {
    for index in normal.indices { normal[index] = 0 }
    for index in rightHandSide.indices { rightHandSide[index] = 0 }
    targetSquares = 0
    weight = 0
    gain = 1
  }

  /// Adds one sample's three equations, each weighted by `sampleWeight` (0 < w ≤ 1), after multiplying
  /// everything so far by `forgetting` (0 < f ≤ 1).
  mutating func add(
    raw u: SIMD3<Double>, rate d: SIMD3<Double>, rotation r: Matrix3, sampleWeight: Double,
    forgetting: Double
  ) {
    if forgetting < 1 {
      weight *= forgetting
      gain /= forgetting
      if gain > 1e100 { foldGain() }
    }
    weight += sampleWeight
    let scaledWeight = sampleWeight * gain
    withUnsafeTemporaryAllocation(of: Double.self, capacity: Self.count) { phi in
      normal.withUnsafeMutableBufferPointer { normal in
        rightHandSide.withUnsafeMutableBufferPointer { rightHandSide in
          Self.accumulate(
            u: u, d: d, r: r, weight: scaledWeight, phi: phi, normal: normal,
            rightHandSide: rightHandSide, targetSquares: &targetSquares)
        }
      }
    }
  }

  /// Divides the stored sums by ``gain`` and resets it to 1.
  private mutating func foldGain() {
    let inverse = 1 / gain
    for index in normal.indices { normal[index] *= inverse }
    for index in rightHandSide.indices { rightHandSide[index] *= inverse }
    targetSquares *= inverse
    gain = 1
  }

  @inline(__always)
  private static func accumulate(
    u: SIMD3<Double>, d: SIMD3<Double>, r: Matrix3, weight sampleWeight: Double,
    phi: UnsafeMutableBufferPointer<Double>, normal: UnsafeMutableBufferPointer<Double>,
    rightHandSide: UnsafeMutableBufferPointer<Double>, targetSquares: inout Double
  ) {
    for i in 0..<3 {
      let row = i == 0 ? r.r0 : (i == 1 ? r.r1 : r.r2)
      // K terms: row[j] * u[k] for (j, k) before (2, 2); K22 = 3 − K00 − K11 moves to the right.
      let last = row.z * u.z
      phi[0] = row.x * u.x - last
      phi[1] = row.x * u.y
      phi[2] = row.x * u.z
      phi[3] = row.y * u.x
      phi[4] = row.y * u.y - last
      phi[5] = row.y * u.z
      phi[6] = row.z * u.x
      phi[7] = row.z * u.y
      phi[8] = row.x
      phi[9] = row.y
      phi[10] = row.z
      phi[11] = 0
      phi[12] = 0
      phi[13] = 0
      phi[11 + i] = -1
      phi[14] = dot(row, d)
      let target = -3 * last
      for a in 0..<Self.count {
        let pa = phi[a]
        guard pa != 0 else { continue }
        let weighted = pa * sampleWeight
        rightHandSide[a] += weighted * target
        for b in a..<Self.count { normal[a * Self.count + b] += weighted * phi[b] }
      }
      targetSquares += sampleWeight * target * target
    }
  }

  /// The residual sum of squares of a given correction (normalized units, trace of `soft` 3) with the
  /// Earth's field that fits it best: how well the calibration in use explains the samples.
  func residualSumOfSquares(soft k: Matrix3, offset c: SIMD3<Double>, delay: Double) -> Double {
    let n = Self.count
    guard weight > 0 else { return 0 }
    var p: [Double] = [
      k.r0.x, k.r0.y, k.r0.z, k.r1.x, k.r1.y, k.r1.z, k.r2.x, k.r2.y, c.x, c.y, c.z, 0, 0, 0, delay,
    ]
    // N_ee is the total weight times the identity, so the best e is (v_e − N_e,· p) / weight.
    for i in 0..<3 {
      var value = rightHandSide[11 + i]
      for a in 0..<11 { value -= normal[a * n + 11 + i] * p[a] }
      value -= normal[(11 + i) * n + 14] * delay
      p[11 + i] = value / gain / weight
    }
    return residual(p)
  }

  /// pᵀNp − 2pᵀv + yᵀy (N, v, y without the prior).
  private func residual(_ p: [Double]) -> Double {
    let n = Self.count
    var quadratic = 0.0
    var linear = 0.0
    for a in 0..<n {
      linear += p[a] * rightHandSide[a]
      var row = 0.0
      for b in 0..<n { row += normal[min(a, b) * n + max(a, b)] * p[b] }
      quadratic += p[a] * row
    }
    return max(quadratic - 2 * linear + targetSquares, 0) / gain
  }

  /// Solves with a prior pulling K towards the identity (worth `softIronPriorWeight` equations per entry)
  /// and a negligible one on c and e, or `nil` if the system is not positive definite or the answer not
  /// finite. The uncertainty is reported for the corrected field of raw field `u`.
  func solve(softIronPriorWeight: Double, at u: SIMD3<Double>) -> Solution? {
    let n = Self.count
    // The full symmetric matrix with the prior on the diagonal, then its Cholesky factor in place.
    var m = [Double](repeating: 0, count: n * n)
    let inverseGain = 1 / gain
    var rhs = rightHandSide.map { $0 * inverseGain }
    for a in 0..<n {
      for b in a..<n {
        m[a * n + b] = normal[a * n + b] * inverseGain
        m[b * n + a] = normal[a * n + b] * inverseGain
      }
      let prior = a < 8 ? softIronPriorWeight : (a == 14 ? 1e-3 : 1e-9)
      m[a * n + a] += prior
      if a == 0 || a == 4 { rhs[a] += prior }
    }
    guard Self.choleskyFactor(&m, n) else { return nil }
    let p = Self.choleskySolve(m, n, rhs)
    guard p.allSatisfy(\.isFinite) else { return nil }
    let residualSum = residual(p)
    let freedom = max(3 * weight - Double(n), 1)
    let residualVariance = residualSum / freedom
    // The corrected field's components are gᵀp for these g (K22 = 3 − K00 − K11); each one's variance is
    // σ² gᵀ M⁻¹ g.
    var gradients = [[Double]](repeating: [Double](repeating: 0, count: n), count: 3)
    gradients[0][0] = u.x
    gradients[0][1] = u.y
    gradients[0][2] = u.z
    gradients[0][8] = 1
    gradients[1][3] = u.x
    gradients[1][4] = u.y
    gradients[1][5] = u.z
    gradients[1][9] = 1
    gradients[2][0] = -u.z
    gradients[2][4] = -u.z
    gradients[2][6] = u.x
    gradients[2][7] = u.y
    gradients[2][10] = 1
    var fieldVariance = 0.0
    for g in gradients {
      let z = Self.choleskySolve(m, n, g)
      for a in 0..<n { fieldVariance += g[a] * z[a] }
    }
    let soft = Matrix3(
      r0: SIMD3(p[0], p[1], p[2]), r1: SIMD3(p[3], p[4], p[5]),
      r2: SIMD3(p[6], p[7], 3 - p[0] - p[4]))
    return Solution(
      soft: soft, offset: SIMD3(p[8], p[9], p[10]), earth: SIMD3(p[11], p[12], p[13]),
      delay: p[14],
      residualSum: residualSum, residualVariance: residualVariance,
      fieldVariance: residualVariance * fieldVariance)
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
