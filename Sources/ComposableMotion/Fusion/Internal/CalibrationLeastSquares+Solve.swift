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

  /// Builds ``NormalEquations`` from the sums: N = Tᵀ G T, v = −Tᵀ G t₀, yᵀy = t₀ᵀ G t₀ for
  /// K22 = 3 − K00 − K11 (q = T p + t₀), G the 16 × 16 Gram matrix of the model with all nine K entries
  /// (K, c, e, τ; see ``gram()``). T only subtracts K22's row and column from those of K00 and K11, so
  /// each entry of N is one of G plus at most three more.
  func normalEquations() -> NormalEquations {
    let gram = gram()
    let g = gram.span
    let full = 16
    let n = Self.count
    var system = NormalEquations(
      normal: InlineArray(repeating: 0), rightHandSide: Parameters(repeating: 0),
      targetSquares: 9 * g[unchecked: 8 &* full &+ 8])
    var normal = system.normal.mutableSpan
    var rightHandSide = system.rightHandSide.mutableSpan
    // The upper triangle of G with K22's row and column (q index 8) left out: unknown a is column
    // a of q below 8 and a + 1 from 8 on.
    for a in 0..<n {
      let qa = a < 8 ? a : a &+ 1
      let row = a &* n
      let gRow = qa &* full
      for b in a..<max(a, 8) { normal[unchecked: row &+ b] = g[unchecked: gRow &+ b] }
      for b in max(a, 8)..<n { normal[unchecked: row &+ b] = g[unchecked: gRow &+ b &+ 1] }
      rightHandSide[unchecked: a] = g[unchecked: gRow &+ 8]
    }
    // K00 and K11 move K22 by −1 each: subtract K22's row from theirs, then its column from theirs,
    // then add its diagonal back where both moved (in this order for every entry: the same roundings
    // as forming each entry at once).
    for a in stride(from: 0, through: 4, by: 4) {
      for b in a..<n {
        let qb = b < 8 ? b : b &+ 1
        normal[unchecked: a &* n &+ b] -= g[unchecked: 8 &* full &+ qb]
      }
    }
    for b in stride(from: 0, through: 4, by: 4) {
      for a in 0...b {
        let qa = a < 8 ? a : a &+ 1
        normal[unchecked: a &* n &+ b] -= g[unchecked: qa &* full &+ 8]
      }
    }
    let k22 = g[unchecked: 8 &* full &+ 8]
    normal[unchecked: 0] += k22
    normal[unchecked: 4] += k22
    normal[unchecked: 4 &* n &+ 4] += k22
    rightHandSide[unchecked: 0] -= k22
    rightHandSide[unchecked: 4] -= k22
    for a in 0..<n {
      rightHandSide[unchecked: a] = -3 * rightHandSide[unchecked: a]
      // The lower triangle mirrors the upper one.
      for b in (a &+ 1)..<n { normal[unchecked: b &* n &+ a] = normal[unchecked: a &* n &+ b] }
    }
    return system
  }

  /// The 16 × 16 Gram matrix of the unknowns K (all nine), c, e and τ, the gain divided out. Its K–K
  /// blocks take Σw u uᵀ's entries below the diagonal for both triangles (the sums above it may differ
  /// in the last bit: (w uₖ) uₖ′ is not (w uₖ′) uₖ).
  private func gram() -> InlineArray<256, Double> {
    var storage = InlineArray<256, Double>(repeating: 0)
    var g = storage.mutableSpan
    let inverse = 1 / gain
    // Sets entries (a, b) and (b, a); every index is below 16 × 16 (a, b < 16).
    func set(_ g: inout MutableSpan<Double>, _ a: Int, _ b: Int, _ value: Double) {
      g[unchecked: a &* 16 &+ b] = value * inverse
      g[unchecked: b &* 16 &+ a] = value * inverse
    }
    for j in 0..<3 {
      for k in 0..<3 {
        let a = 3 * j + k
        // K–K: δⱼⱼ′ uₖ uₖ′.
        let uu = Self.row(sumUU, k)
        for k2 in 0..<3 { set(&g, a, 3 * j + k2, uu[k2]) }
        // K–c: δⱼⱼ′ uₖ.
        set(&g, a, 9 + j, sumU[k])
        // K–e: −Rᵢⱼ uₖ.
        let ru = k == 0 ? sumRUx : (k == 1 ? sumRUy : sumRUz)
        for i in 0..<3 { set(&g, a, 12 + i, -Self.row(ru, i)[j]) }
        // K–τ: dⱼ uₖ.
        set(&g, a, 15, Self.row(sumDU, j)[k])
      }
      // c–c and e–e: the identity times Σw; c–e: −Rᵢⱼ; c–τ: dⱼ; e–τ: −(R d)ᵢ.
      set(&g, 9 + j, 9 + j, sumWeight)
      set(&g, 12 + j, 12 + j, sumWeight)
      for i in 0..<3 { set(&g, 9 + j, 12 + i, -Self.row(sumR, i)[j]) }
      set(&g, 9 + j, 15, sumD[j])
      set(&g, 12 + j, 15, -sumRD[j])
    }
    set(&g, 15, 15, sumDD)
    return storage
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
    let first = free.lowerBound
    // The reduced system with the prior on the diagonal (its lower triangle, packed), the held
    // unknowns moved to the right-hand side.
    var factor = PackedCholesky(count: f)
    var rhs = Parameters(repeating: 0)
    do {
      var lower = factor.entries.mutableSpan
      var right = rhs.mutableSpan
      let normal = sums.normal.span
      let v = sums.rightHandSide.span
      let held = fixed.span
      for i in 0..<f {
        let a = first &+ i
        let row = a &* n
        var value = v[unchecked: a]
        // The held unknowns, in order: those before the free range, then those after it.
        for b in 0..<first where held[unchecked: b] != 0 {
          value -= normal[unchecked: row &+ b] * held[unchecked: b]
        }
        for b in free.upperBound..<n where held[unchecked: b] != 0 {
          value -= normal[unchecked: row &+ b] * held[unchecked: b]
        }
        let start = PackedCholesky.rowStart(i)
        // Row i of the lower triangle read down column a of the upper one (N is exactly symmetric):
        // strided loads, where a contiguous row became one library memcpy call per row.
        var column = first &* n &+ a
        for j in 0..<i {
          lower[unchecked: start &+ j] = normal[unchecked: column]
          column &+= n
        }
        let prior = a < 8 ? softIronPriorWeight : (a == 14 ? 1e-3 : 1e-9)
        lower[unchecked: start &+ i] = normal[unchecked: row &+ a] + prior
        right[unchecked: i] = a == 0 || a == 4 ? value + prior : value
      }
    }
    guard factor.factor() else { return nil }
    let x = factor.solve(rhs)
    var p = fixed
    do {
      let solved = x.span
      var parameters = p.mutableSpan
      for i in 0..<f {
        guard solved[unchecked: i].isFinite else { return nil }
        parameters[unchecked: first &+ i] = solved[unchecked: i]
      }
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
      for i in 0..<f { reduced[unchecked: i] = g[unchecked: first &+ i] }
      // gᵀ M⁻¹ g = |L⁻¹ g|²: the forward substitution alone.
      let z = factor.forward(reduced)
      var variance = 0.0
      for i in 0..<f { variance += z[unchecked: i] * z[unchecked: i] }
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
}
