import Foundation
import Testing

@testable import ComposableMotion

/// The filter's internal building blocks: the low-pass that separates gravity from linear acceleration and
/// the 3×3 algebra of the bias Kalman filter.
@Suite("Filter building blocks")
struct FilterBuildingBlockTests {
  @Test func theLowPassStartsAtTheMeanAndFollowsAStep() {
    let tau = 0.5
    let interval = 0.01
    let coefficients = LowPassCoefficients(tau: tau, interval: interval)
    var filter = LowPassFilter<SIMD2<Double>>()
    // Warm-up: the running mean, so there is no transient from zero.
    #expect(
      filter.step(SIMD2(2, 4), tau: tau, interval: interval, coefficients: coefficients)
        == SIMD2(2, 4))
    for _ in 0..<60 {
      _ = filter.step(SIMD2(2, 4), tau: tau, interval: interval, coefficients: coefficients)
    }
    var output = SIMD2<Double>()
    for _ in 0..<Int(5 * tau / interval) {
      output = filter.step(SIMD2(3, 4), tau: tau, interval: interval, coefficients: coefficients)
    }
    #expect(abs(output.x - 3) < 0.02)
    #expect(abs(output.y - 4) < 1e-9)
  }

  @Test func theLowPassHasUnitGainAtRestAndAttenuatesFastChanges() {
    let c = LowPassCoefficients(tau: 3, interval: 1 / 285.714)
    #expect(abs(c.b0 + c.b1 + c.b2 - (1 + c.a1 + c.a2)) < 1e-15)
    var filter = LowPassFilter<SIMD2<Double>>()
    var peak = 0.0
    for k in 0..<20_000 {
      // A 5 Hz, ±10 m/s² shake: the 3 s low-pass must leave almost nothing of it.
      let x = 10 * sin(2 * Double.pi * 5 * Double(k) / 285.714)
      let y = filter.step(SIMD2(x, 0), tau: 3, interval: 1 / 285.714, coefficients: c)
      if k > 15_000 { peak = max(peak, abs(y.x)) }
    }
    #expect(peak < 0.005)  // (0.075 Hz / 5 Hz)² · 10 m/s² ≈ 0.002
  }

  @Test func aTimeConstantTooShortForTheRateBecomesAPassThrough() {
    let c = LowPassCoefficients(tau: 0.001, interval: 0.1)
    #expect(c.b0 == 1 && c.b1 == 0 && c.a1 == 0)
  }

  @Test func theInverseUndoesTheMatrix() throws {
    let m = Matrix3(r0: SIMD3(4, 1, 0.5), r1: SIMD3(1, 3, 0.2), r2: SIMD3(0.5, 0.2, 2))
    let product = m * (try #require(m.inverse))
    expectClose(product.r0, SIMD3(1, 0, 0), tolerance: 1e-12)
    expectClose(product.r1, SIMD3(0, 1, 0), tolerance: 1e-12)
    expectClose(product.r2, SIMD3(0, 0, 1), tolerance: 1e-12)
    #expect(Matrix3(r0: SIMD3(1, 2, 3), r1: SIMD3(2, 4, 6), r2: SIMD3(0, 0, 1)).inverse == nil)
  }

  @Test func theRenormalizationRestoresUnitNorm() {
    let q = Quaternion(w: 0.5, x: 0.5, y: 0.5, z: 0.5000001).renormalized
    #expect(abs(q.norm - 1) < 1e-13)
  }
}
