import ComposableMotion
import Foundation
import Testing

@Suite("Quaternion")
struct QuaternionTests {
  @Test func aQuarterTurnAboutZTakesXToY() {
    let q = Quaternion(axis: SIMD3(0, 0, 1), angle: .pi / 2)
    expectClose(q.rotate(SIMD3(1, 0, 0)), SIMD3(0, 1, 0))
    expectClose(q.rotate(SIMD3(0, 0, 1)), SIMD3(0, 0, 1))
  }

  @Test func theProductAppliesTheRightFactorFirst() {
    let a = Quaternion(axis: SIMD3(0, 0, 1), angle: .pi / 2)
    let b = Quaternion(axis: SIMD3(1, 0, 0), angle: .pi / 2)
    let v = SIMD3<Double>(0.3, -1.2, 2)
    expectClose((a * b).rotate(v), a.rotate(b.rotate(v)))
    // b takes y to z, then a leaves z alone.
    expectClose((a * b).rotate(SIMD3(0, 1, 0)), SIMD3(0, 0, 1))
  }

  @Test func theConjugateUndoesTheRotation() {
    let q = Quaternion(axis: SIMD3(1, 2, 3), angle: 1.1)
    let v = SIMD3<Double>(4, -5, 6)
    expectClose(q.conjugate.rotate(q.rotate(v)), v)
    #expect(abs(q.norm - 1) < 1e-12)
  }

  @Test func angleToMeasuresTheRotationBetweenTwoAttitudes() {
    let q = Quaternion(axis: SIMD3(0, 1, 1), angle: 0.4)
    #expect(abs(Quaternion.identity.angle(to: q) - 0.4) < 1e-12)
    // q and −q are the same rotation.
    let negated = Quaternion(w: -q.w, x: -q.x, y: -q.y, z: -q.z)
    #expect(q.angle(to: negated) < 1e-6)
  }

  @Test func degenerateInputsGiveTheIdentity() {
    #expect(Quaternion(axis: .zero, angle: 1) == .identity)
    #expect(Quaternion(w: 0, x: 0, y: 0, z: 0).normalized == .identity)
    #expect(Quaternion(w: .nan, x: 0, y: 0, z: 0).normalized == .identity)
  }
}

func expectClose(
  _ a: SIMD3<Double>, _ b: SIMD3<Double>, tolerance: Double = 1e-9,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let d = a - b
  #expect(
    (d * d).sum().squareRoot() < tolerance, "\(a) is not \(b)", sourceLocation: sourceLocation)
}
