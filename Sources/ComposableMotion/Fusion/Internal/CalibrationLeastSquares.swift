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
    /// The variance of the corrected field's heading in the orientation's frame (rad²), for the raw
    /// field and orientation it was solved at.
    var headingVariance: Double
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
    // The reduced symmetric matrix with the prior on the diagonal, then its Cholesky factor in place.
    var m = [Double](repeating: 0, count: f * f)
    let inverseGain = 1 / gain
    var isFree = [Bool](repeating: false, count: n)
    for a in free { isFree[a] = true }
    var rhs = [Double](repeating: 0, count: f)
    for (i, a) in free.enumerated() {
      var value = rightHandSide[a]
      for b in 0..<n where !isFree[b] && fixed[b] != 0 {
        value -= normal[min(a, b) * n + max(a, b)] * fixed[b]
      }
      rhs[i] = value * inverseGain
      for (j, b) in free.enumerated() {
        m[i * f + j] = normal[min(a, b) * n + max(a, b)] * inverseGain
      }
      let prior = a < 8 ? softIronPriorWeight : (a == 14 ? 1e-3 : 1e-9)
      m[i * f + i] += prior
      if a == 0 || a == 4 { rhs[i] += prior }
    }
    guard Self.choleskyFactor(&m, f) else { return nil }
    let x = Self.choleskySolve(m, f, rhs)
    guard x.allSatisfy(\.isFinite) else { return nil }
    var p = fixed
    for (i, a) in free.enumerated() { p[a] = x[i] }
    let residualSum = residual(p)
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
      headingVariance: residualVariance * headingVariance)
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
