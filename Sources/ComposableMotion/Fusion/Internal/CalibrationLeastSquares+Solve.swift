// Solving the calibration's least squares: the 15 × 15 normal equations assembled from the sums, a
// Cholesky factorization with a prior, and the heading's variance. Everything lives in fixed-size
// inline storage: a fit allocates nothing (the early fits of a cold start come every few steps of
// rotation, and heap arrays made each cost about as much as a hundred filter updates).
extension CalibrationLeastSquares {
  /// A parameter vector: K00…K21, c, e, τ (see ``CalibrationLeastSquares``).
  typealias Parameters = InlineArray<15, Double>

  /// The normal equations (full symmetric N, right-hand side v and yᵀy, without the prior, the gain
  /// divided out) of the 15 unknowns, assembled once per fit and shared by its solves.
  struct NormalEquations {
    var normal: InlineArray<225, Double>
    var rightHandSide: Parameters
    var targetSquares: Double
  }

  /// Builds ``NormalEquations`` from the sums: first the 16 × 16 Gram matrix G of the model with all
  /// nine K entries (K, c, e, τ), then N = Tᵀ G T, v = −Tᵀ G t₀, yᵀy = t₀ᵀ G t₀ for K22 = 3 − K00 − K11
  /// (q = T p + t₀).
  func normalEquations() -> NormalEquations {
    let gram = gram()
    let g = gram.span
    let full = 16
    let n = Self.count
    // Column of q for unknown a, and whether K22 (q index 8) moves with it (−1).
    func column(_ a: Int) -> Int { a < 8 ? a : a + 1 }
    func movesK22(_ a: Int) -> Bool { a == 0 || a == 4 }
    var normal = InlineArray<225, Double>(repeating: 0)
    var rightHandSide = Parameters(repeating: 0)
    for a in 0..<n {
      let qa = column(a)
      for b in a..<n {
        let qb = column(b)
        var value = g[unchecked: qa * full + qb]
        if movesK22(a) { value -= g[unchecked: 8 * full + qb] }
        if movesK22(b) { value -= g[unchecked: qa * full + 8] }
        if movesK22(a) && movesK22(b) { value += g[unchecked: 8 * full + 8] }
        normal[unchecked: a * n + b] = value
        normal[unchecked: b * n + a] = value
      }
      var gt = g[unchecked: qa * full + 8]
      if movesK22(a) { gt -= g[unchecked: 8 * full + 8] }
      rightHandSide[unchecked: a] = -3 * gt
    }
    return NormalEquations(
      normal: normal, rightHandSide: rightHandSide, targetSquares: 9 * g[unchecked: 8 * full + 8])
  }

  /// The 16 × 16 Gram matrix of the unknowns K (all nine), c, e and τ, the gain divided out.
  private func gram() -> InlineArray<256, Double> {
    let full = 16
    var g = InlineArray<256, Double>(repeating: 0)
    let inverse = 1 / gain
    func set(_ a: Int, _ b: Int, _ value: Double) {
      g[a * full + b] = value * inverse
      g[b * full + a] = value * inverse
    }
    for j in 0..<3 {
      for k in 0..<3 {
        let a = 3 * j + k
        // K–K: δⱼⱼ′ uₖ uₖ′.
        let uu = Self.row(sumUU, k)
        for k2 in 0..<3 { set(a, 3 * j + k2, uu[k2]) }
        // K–c: δⱼⱼ′ uₖ.
        set(a, 9 + j, sumU[k])
        // K–e: −Rᵢⱼ uₖ.
        let ru = k == 0 ? sumRUx : (k == 1 ? sumRUy : sumRUz)
        for i in 0..<3 { set(a, 12 + i, -Self.row(ru, i)[j]) }
        // K–τ: dⱼ uₖ.
        set(a, 15, Self.row(sumDU, j)[k])
      }
      // c–c and e–e: the identity times Σw; c–e: −Rᵢⱼ; c–τ: dⱼ; e–τ: −(R d)ᵢ.
      set(9 + j, 9 + j, sumWeight)
      set(12 + j, 12 + j, sumWeight)
      for i in 0..<3 { set(9 + j, 12 + i, -Self.row(sumR, i)[j]) }
      set(9 + j, 15, sumD[j])
      set(12 + j, 15, -sumRD[j])
    }
    set(15, 15, sumDD)
    return g
  }

  @inline(__always)
  private static func row(_ m: Matrix3, _ i: Int) -> SIMD3<Double> {
    i == 0 ? m.r0 : (i == 1 ? m.r1 : m.r2)
  }

  /// pᵀNp − 2pᵀv + yᵀy (N, v, y without the prior).
  private static func residual(_ p: borrowing Parameters, _ system: borrowing NormalEquations)
    -> Double
  {
    let n = Self.count
    let p = p.span
    let v = system.rightHandSide.span
    let normal = system.normal.span
    var quadratic = 0.0
    var linear = 0.0
    for a in 0..<n {
      linear += p[unchecked: a] * v[unchecked: a]
      var row = 0.0
      for b in 0..<n { row += normal[unchecked: a &* n &+ b] * p[unchecked: b] }
      quadratic += p[unchecked: a] * row
    }
    return max(quadratic - 2 * linear + system.targetSquares, 0)
  }

  /// The parameter vector of a given correction (trace of `soft` 3, normalized units) and delay, with the
  /// Earth's field 0.
  static func parameters(soft k: Matrix3, offset c: SIMD3<Double>, delay: Double) -> Parameters {
    [k.r0.x, k.r0.y, k.r0.z, k.r1.x, k.r1.y, k.r1.z, k.r2.x, k.r2.y, c.x, c.y, c.z, 0, 0, 0, delay]
  }

  /// All unknowns.
  static let allUnknowns = 0..<count
  /// The Earth's field and the delay: the unknowns left when a calibration (K, c) is given.
  static let earthAndDelayUnknowns = 11..<count
  /// Every parameter 0 (for a solve with all unknowns free).
  static let noParameters = Parameters(repeating: 0)

  /// Solves for the unknowns `free` (a range of indices into the parameter vector), the others held at
  /// their values in `fixed`, with a prior pulling K towards the identity (worth `softIronPriorWeight`
  /// equations per entry) and a negligible one on c and e; `nil` if the system is not positive definite
  /// or the answer not finite. The uncertainty is reported for the heading of the corrected field of raw
  /// field `u` seen in orientation `rotation` (device → the z-up frame): its component across the
  /// fitted horizontal field, divided by that field's strength.
  func solve(
    _ sums: borrowing NormalEquations, free: Range<Int>, fixed: Parameters,
    softIronPriorWeight: Double, at u: SIMD3<Double>, rotation: Matrix3
  ) -> Solution? {
    let n = Self.count
    // Every index below stays within the inline storage: the free unknowns are a range within 0..<15.
    guard free.lowerBound >= 0, free.upperBound <= n, !free.isEmpty else { return nil }
    let f = free.count
    // The reduced symmetric matrix with the prior on the diagonal, then its Cholesky factor in place.
    var m = InlineArray<225, Double>(repeating: 0)
    var rhs = Parameters(repeating: 0)
    let normal = sums.normal.span
    let v = sums.rightHandSide.span
    let held = fixed.span
    let first = free.lowerBound
    for i in 0..<f {
      let a = first &+ i
      let row = a &* n
      var value = v[unchecked: a]
      if f < n {
        for b in 0..<n where !free.contains(b) && held[unchecked: b] != 0 {
          value -= normal[unchecked: row &+ b] * held[unchecked: b]
        }
      }
      rhs[unchecked: i] = value
      for j in 0..<f { m[unchecked: i &* f &+ j] = normal[unchecked: row &+ first &+ j] }
      let prior = a < 8 ? softIronPriorWeight : (a == 14 ? 1e-3 : 1e-9)
      m[unchecked: i &* f &+ i] += prior
      if a == 0 || a == 4 { rhs[unchecked: i] += prior }
    }
    guard Self.choleskyFactor(&m, f) else { return nil }
    let x = Self.choleskySolve(m, f, rhs)
    var p = fixed
    for i in 0..<f {
      guard x[unchecked: i].isFinite else { return nil }
      p[unchecked: free.lowerBound + i] = x[unchecked: i]
    }
    let residualSum = Self.residual(p, sums)
    let freedom = max(3 * weight - Double(f), 1)
    let residualVariance = residualSum / freedom
    // The heading of the corrected field in the frame: its component across the fitted horizontal field.
    let earth = SIMD3(p[11], p[12], p[13])
    let horizontal = (earth.x * earth.x + earth.y * earth.y).squareRoot()
    var headingVariance = Double.infinity
    if horizontal > 0 {
      let across = SIMD3(-earth.y / horizontal, earth.x / horizontal, 0)
      // rotation maps device → frame, so the device-axes direction of `across` is rotationᵀ · across.
      let w = rotation.transposed * across
      // A component of the corrected field is gᵀp (see ``gradient(along:at:)``); its variance is
      // σ² gᵀ M⁻¹ g over the free unknowns.
      let g = Self.gradient(along: w, at: u)
      var reduced = Parameters(repeating: 0)
      for i in 0..<f { reduced[i] = g[free.lowerBound + i] }
      let z = Self.choleskySolve(m, f, reduced)
      var variance = 0.0
      for i in 0..<f { variance += reduced[i] * z[i] }
      headingVariance = variance / (horizontal * horizontal)
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
  private static func gradient(along w: SIMD3<Double>, at u: SIMD3<Double>) -> Parameters {
    [
      w.x * u.x - w.z * u.z, w.x * u.y, w.x * u.z, w.y * u.x, w.y * u.y - w.z * u.z, w.y * u.z,
      w.z * u.x, w.z * u.y, w.x, w.y, w.z, 0, 0, 0, 0,
    ]
  }

  /// In-place lower Cholesky factor of a symmetric n × n matrix (n ≤ 15, stored with stride n, which
  /// the callers guarantee: the accesses are unchecked); `false` if not positive definite.
  private static func choleskyFactor(_ m: inout InlineArray<225, Double>, _ n: Int) -> Bool {
    for j in 0..<n {
      var diagonal = m[unchecked: j &* n &+ j]
      for k in 0..<j { diagonal -= m[unchecked: j &* n &+ k] * m[unchecked: j &* n &+ k] }
      guard diagonal > 0, diagonal.isFinite else { return false }
      let root = diagonal.squareRoot()
      m[unchecked: j &* n &+ j] = root
      for i in (j + 1)..<n {
        var value = m[unchecked: i &* n &+ j]
        for k in 0..<j { value -= m[unchecked: i &* n &+ k] * m[unchecked: j &* n &+ k] }
        m[unchecked: i &* n &+ j] = value / root
      }
    }
    return true
  }

  /// Solves L Lᵀ x = b with the factor from ``choleskyFactor(_:_:)``.
  private static func choleskySolve(
    _ l: borrowing InlineArray<225, Double>, _ n: Int, _ b: borrowing Parameters
  ) -> Parameters {
    var x = copy b
    let l = l.span
    for i in 0..<n {
      var value = x[unchecked: i]
      for k in 0..<i { value -= l[unchecked: i &* n &+ k] * x[unchecked: k] }
      x[unchecked: i] = value / l[unchecked: i &* n &+ i]
    }
    for i in stride(from: n - 1, through: 0, by: -1) {
      var value = x[unchecked: i]
      for k in (i + 1)..<n { value -= l[unchecked: k &* n &+ i] * x[unchecked: k] }
      x[unchecked: i] = value / l[unchecked: i &* n &+ i]
    }
    return x
  }
}
