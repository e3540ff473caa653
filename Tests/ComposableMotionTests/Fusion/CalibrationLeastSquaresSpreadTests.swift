import Foundation
import Testing

@testable import ComposableMotion

/// The spread of the orientations the calibration's least squares holds: the eigenvalues of I − R̄ᵀR̄
/// (R̄ the mean rotation), which say how far a device-fixed error has been turned through the frame.
@Suite("CalibrationLeastSquares: rotation spread")
struct CalibrationLeastSquaresSpreadTests {
  private func filled(_ rotations: [Quaternion]) -> CalibrationLeastSquares {
    var leastSquares = CalibrationLeastSquares()
    for q in rotations {
      leastSquares.add(
        raw: SIMD3(0.1, 0.4, -0.9), rate: .zero, rotation: Matrix3(rotation: q), sampleWeight: 1,
        forgetting: 1)
    }
    return leastSquares
  }

  /// Within 1e-6: the closed form loses a few digits where two eigenvalues coincide (a full turn).
  private func expectClose(
    _ spread: SIMD3<Double>, _ expected: SIMD3<Double>,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let d = spread - expected
    #expect(
      max(abs(d.x), abs(d.y), abs(d.z)) < 1e-6, "\(spread) vs \(expected)",
      sourceLocation: sourceLocation)
  }

  @Test func aFullTurnAboutOneAxisSpreadsTheCrossPlaneFully() {
    // 36 orientations evenly round the vertical: R̄ = diag(0, 0, 1), so I − R̄ᵀR̄ = diag(1, 1, 0).
    let turn = (0..<36).map { Quaternion(axis: SIMD3(0, 0, 1), angle: Double($0) * Double.pi / 18) }
    let leastSquares = filled(turn)
    expectClose(leastSquares.rotationSpread, SIMD3(0, 1, 1))
    #expect(leastSquares.rotationCoverage == leastSquares.rotationSpread.x)
  }

  @Test func aSmallWobbleSpreadsByTheSquaredSineOfItsAngle() {
    // ±α about x and ±β about y, equal weights: R̄ = diag((1 + cos β)/2, (1 + cos α)/2,
    // (cos α + cos β)/2), so the eigenvalues are 1 minus their squares.
    let alpha = 4 * Double.pi / 180
    let beta = 7 * Double.pi / 180
    let wobble = [
      Quaternion(axis: SIMD3(1, 0, 0), angle: alpha),
      Quaternion(axis: SIMD3(1, 0, 0), angle: -alpha),
      Quaternion(axis: SIMD3(0, 1, 0), angle: beta), Quaternion(axis: SIMD3(0, 1, 0), angle: -beta),
    ]
    let diagonal = [(1 + cos(beta)) / 2, (1 + cos(alpha)) / 2, (cos(alpha) + cos(beta)) / 2]
    let eigenvalues = diagonal.map { 1 - $0 * $0 }.sorted()
    expectClose(
      filled(wobble).rotationSpread, SIMD3(eigenvalues[0], eigenvalues[1], eigenvalues[2]))
    // Of the order of the squared angles: a few degrees expose a device-fixed error very little.
    #expect(eigenvalues[2] < 0.02)
  }

  @Test func noOrientationsSpreadNothing() {
    expectClose(CalibrationLeastSquares().rotationSpread, .zero)
    expectClose(filled([.identity, .identity]).rotationSpread, .zero)
  }
}
