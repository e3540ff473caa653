import Foundation
import Testing

@testable import ComposableMotion

/// The magnetometer calibration's least squares: the normal equations assembled from the running sums
/// equal those of the equations written out one by one, the packed Cholesky solve agrees with Gaussian
/// elimination, and a fit to exact samples recovers the distortion that made them.
@Suite("CalibrationLeastSquares: normal equations and solve")
struct CalibrationLeastSquaresTests {
  /// A soft-iron correction of trace 3, an offset, the Earth's field (normalized units) and a delay.
  private let truth = (
    soft: Matrix3(
      r0: SIMD3(1.08, 0.04, -0.06), r1: SIMD3(-0.03, 0.93, 0.05), r2: SIMD3(0.07, -0.02, 0.99)),
    offset: SIMD3<Double>(0.3, -0.45, 0.12),
    earth: SIMD3<Double>(0.05, 0.42, -0.9),
    delay: 0.7
  )

  /// Orientations that turn about a wandering axis, so that every unknown is observable.
  private func rotation(_ index: Int) -> Matrix3 {
    let t = Double(index) * 0.05
    let axis = SIMD3(sin(0.7 * t) + 0.3, cos(0.4 * t), sin(0.23 * t + 1))
    return Matrix3(rotation: Quaternion(axis: axis, angle: 0.9 * t + 0.4 * sin(1.3 * t)))
  }

  /// The raw field and its change per sample that satisfy R (K u + c + τ d) = e exactly: with d
  /// chosen first, u = K⁻¹ (Rᵀ e − c − τ d).
  private func sample(_ index: Int) -> (raw: SIMD3<Double>, rate: SIMD3<Double>, rotation: Matrix3)
  {
    let r = rotation(index)
    let t = Double(index)
    let rate = SIMD3(0.01 * sin(0.3 * t), 0.008 * cos(0.2 * t), 0.005 * sin(0.5 * t + 2))
    let inverse = truth.soft.inverse ?? .identity
    let raw = inverse * (r.transposed * truth.earth - truth.offset - truth.delay * rate)
    return (raw, rate, r)
  }

  /// The 15 coefficients of the unknowns (K00…K21, c, e, τ) in equation row i of one sample, and the
  /// constant the known K22 = 3 − K00 − K11 moves to the right-hand side.
  private func equation(
    _ i: Int, raw u: SIMD3<Double>, rate d: SIMD3<Double>, rotation r: Matrix3
  ) -> (coefficients: [Double], target: Double) {
    let row = [r.r0, r.r1, r.r2][i]
    var a = [Double](repeating: 0, count: 15)
    for j in 0..<3 {
      for k in 0..<3 where 3 * j + k < 8 { a[3 * j + k] = row[j] * u[k] }
    }
    // K22 u_z appears with coefficient row.z; K22 = 3 − K00 − K11.
    a[0] -= row.z * u.z
    a[4] -= row.z * u.z
    for j in 0..<3 { a[8 + j] = row[j] }
    a[11 + i] = -1
    a[14] = dot(row, d)
    return (a, -3 * row.z * u.z)
  }

  private func filled(count: Int) -> CalibrationLeastSquares {
    var leastSquares = CalibrationLeastSquares()
    for index in 0..<count {
      let s = sample(index)
      leastSquares.add(
        raw: s.raw, rate: s.rate, rotation: s.rotation, sampleWeight: 1, forgetting: 1)
    }
    return leastSquares
  }

  /// N = Σ aᵀa, v = Σ aᵀy and Σ y² over the equations written out one by one.
  private func writtenOut(count: Int) -> (
    normal: [Double], rightHandSide: [Double], squares: Double
  ) {
    var normal = [Double](repeating: 0, count: 225)
    var rightHandSide = [Double](repeating: 0, count: 15)
    var squares = 0.0
    for index in 0..<count {
      let s = sample(index)
      for i in 0..<3 {
        let (a, y) = equation(i, raw: s.raw, rate: s.rate, rotation: s.rotation)
        for p in 0..<15 {
          for q in 0..<15 { normal[15 * p + q] += a[p] * a[q] }
          rightHandSide[p] += a[p] * y
        }
        squares += y * y
      }
    }
    return (normal, rightHandSide, squares)
  }

  private func largestDifference(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
    let d = a - b
    return max(abs(d.x), abs(d.y), abs(d.z))
  }

  @Test func theNormalEquationsEqualThoseOfTheWrittenOutEquations() {
    let count = 40
    let system = filled(count: count).normalEquations()
    let reference = writtenOut(count: count)
    for p in 0..<225 {
      let want = reference.normal[p]
      #expect(abs(system.normal[p] - want) <= 1e-11 * max(1, abs(want)))
    }
    for p in 0..<15 {
      let want = reference.rightHandSide[p]
      #expect(abs(system.rightHandSide[p] - want) <= 1e-11 * max(1, abs(want)))
    }
    #expect(abs(system.targetSquares - reference.squares) <= 1e-11 * reference.squares)
  }

  /// M = A Aᵀ + I (15 × 15, row-major) for a fixed, non-symmetric A: symmetric positive definite,
  /// not diagonal.
  private func positiveDefinite() -> [Double] {
    let n = 15
    var a = [Double](repeating: 0, count: n * n)
    for p in 0..<(n * n) { a[p] = sin(Double(p) * 1.7 + 0.3) }
    var m = [Double](repeating: 0, count: n * n)
    for i in 0..<n {
      for j in 0..<n {
        var sum = i == j ? 1.0 : 0.0
        for k in 0..<n { sum += a[i * n + k] * a[j * n + k] }
        m[i * n + j] = sum
      }
    }
    return m
  }

  /// The packed Cholesky factor of a 15 × 15 row-major matrix, `nil` if it has none.
  private func factored(_ m: [Double]) -> PackedCholesky? {
    let n = 15
    var cholesky = PackedCholesky(count: n)
    for i in 0..<n {
      for j in 0...i { cholesky.entries[PackedCholesky.rowStart(i) + j] = m[i * n + j] }
    }
    return cholesky.factor() ? cholesky : nil
  }

  @Test func theCholeskySolveAgreesWithGaussianElimination() throws {
    let n = 15
    let m = positiveDefinite()
    var b = InlineArray<15, Double>(repeating: 0)
    for i in 0..<n { b[i] = cos(Double(i) * 0.9) }
    let cholesky = try #require(factored(m))
    let x = cholesky.solve(b)
    let reference = gaussianElimination(m, (0..<n).map { b[$0] })
    for i in 0..<n { #expect(abs(x[i] - reference[i]) <= 1e-9 * max(1, abs(reference[i]))) }
    // And M x = b itself.
    for i in 0..<n {
      var row = 0.0
      for j in 0..<n { row += m[i * n + j] * x[j] }
      #expect(abs(row - b[i]) <= 1e-10)
    }
  }

  @Test func theForwardSubstitutionGivesTheQuadraticFormOfTheInverse() throws {
    // |L⁻¹ b|² = bᵀ M⁻¹ b: the heading's variance needs only the forward substitution.
    let n = 15
    let m = positiveDefinite()
    var b = InlineArray<15, Double>(repeating: 0)
    for i in 0..<n { b[i] = sin(Double(i) * 1.3 + 0.2) }
    let cholesky = try #require(factored(m))
    let y = cholesky.forward(b)
    let x = gaussianElimination(m, (0..<n).map { b[$0] })
    var viaForward = 0.0
    var viaInverse = 0.0
    for i in 0..<n {
      viaForward += y[i] * y[i]
      viaInverse += b[i] * x[i]
    }
    #expect(viaInverse > 0)
    #expect(abs(viaForward - viaInverse) <= 1e-10 * viaInverse)
  }

  @Test func aMatrixThatIsNotPositiveDefiniteHasNoFactor() {
    var cholesky = PackedCholesky(count: 2)
    // [[1, 2], [2, 1]] has eigenvalues 3 and −1.
    cholesky.entries[0] = 1
    cholesky.entries[1] = 2
    cholesky.entries[2] = 1
    let factored = cholesky.factor()
    #expect(!factored)
  }

  @Test func theFitEqualsTheReferenceSolutionWithThePrior() throws {
    let count = 200
    let priorWeight = 0.25
    let leastSquares = filled(count: count)
    let solution = try #require(
      leastSquares.solve(
        leastSquares.normalEquations(), free: CalibrationLeastSquares.allUnknowns,
        fixed: CalibrationLeastSquares.noParameters, softIronPriorWeight: priorWeight,
        at: sample(0).raw, rotation: rotation(0)))
    // The reference: (N + P) p = v + P p₀ by Gaussian elimination, P the documented prior (the soft
    // iron's entries pulled towards the identity, the delay towards 0 with weight 10⁻³, c and e with
    // 10⁻⁹), p₀ the identity's K00 and K11.
    var (normal, rightHandSide, _) = writtenOut(count: count)
    for a in 0..<15 {
      let prior = a < 8 ? priorWeight : (a == 14 ? 1e-3 : 1e-9)
      normal[15 * a + a] += prior
      if a == 0 || a == 4 { rightHandSide[a] += prior }
    }
    let p = gaussianElimination(normal, rightHandSide)
    let k = solution.soft
    let got = [
      k.r0.x, k.r0.y, k.r0.z, k.r1.x, k.r1.y, k.r1.z, k.r2.x, k.r2.y, solution.offset.x,
      solution.offset.y, solution.offset.z, solution.earth.x, solution.earth.y, solution.earth.z,
      solution.delay,
    ]
    for a in 0..<15 { #expect(abs(got[a] - p[a]) <= 1e-9 * max(1, abs(p[a]))) }
    #expect(abs(k.r2.z - (3 - p[0] - p[4])) <= 1e-9)
    #expect(solution.residualVariance.isFinite && solution.residualVariance >= 0)
    #expect(solution.headingVariance.isFinite && solution.headingVariance >= 0)
  }

  @Test func aFitToExactSamplesRecoversTheDistortion() throws {
    let leastSquares = filled(count: 200)
    let system = leastSquares.normalEquations()
    let solution = try #require(
      leastSquares.solve(
        system, free: CalibrationLeastSquares.allUnknowns,
        fixed: CalibrationLeastSquares.noParameters, softIronPriorWeight: 1e-9,
        at: sample(0).raw, rotation: rotation(0)))
    // The delay's small prior (10⁻³ equations) biases the answer slightly; nothing else does.
    let k = solution.soft
    let expected = truth.soft
    #expect(largestDifference(k.r0, expected.r0) < 1e-3)
    #expect(largestDifference(k.r1, expected.r1) < 1e-3)
    #expect(largestDifference(k.r2, expected.r2) < 1e-3)
    #expect(largestDifference(solution.offset, truth.offset) < 1e-3)
    #expect(largestDifference(solution.earth, truth.earth) < 1e-3)
    #expect(abs(solution.delay - truth.delay) < 0.05)
    #expect(solution.residualVariance < 1e-6)

    // The Earth's field and delay alone, the correction held at the truth: the same field.
    let held = CalibrationLeastSquares.parameters(
      soft: truth.soft, offset: truth.offset, delay: 0)
    let refit = try #require(
      leastSquares.solve(
        system, free: CalibrationLeastSquares.earthAndDelayUnknowns, fixed: held,
        softIronPriorWeight: 1e-9, at: sample(0).raw, rotation: rotation(0)))
    #expect(largestDifference(refit.earth, truth.earth) < 1e-3)
    #expect(abs(refit.delay - truth.delay) < 0.05)
  }

  /// Solves m x = b (n × n, row-major) by Gaussian elimination with partial pivoting.
  private func gaussianElimination(_ m: [Double], _ b: [Double]) -> [Double] {
    let n = b.count
    var a = m
    var y = b
    for column in 0..<n {
      let pivot = (column..<n).max { abs(a[$0 * n + column]) < abs(a[$1 * n + column]) } ?? column
      if pivot != column {
        for j in 0..<n { a.swapAt(column * n + j, pivot * n + j) }
        y.swapAt(column, pivot)
      }
      for row in (column + 1)..<n {
        let factor = a[row * n + column] / a[column * n + column]
        for j in column..<n { a[row * n + j] -= factor * a[column * n + j] }
        y[row] -= factor * y[column]
      }
    }
    var x = [Double](repeating: 0, count: n)
    for row in stride(from: n - 1, through: 0, by: -1) {
      var value = y[row]
      for j in (row + 1)..<n { value -= a[row * n + j] * x[j] }
      x[row] = value / a[row * n + row]
    }
    return x
  }
}
