import Foundation
import Testing

@testable import ComposableMotion

/// The detector's rule: between two steps an angle θ apart, a device-fixed error δ moves the
/// world-frame field by at most 2 sin(θ/2)|δ|; more than that (plus the noise) is the field itself.
@Suite("World change detector")
struct WorldChangeDetectorTests {
  private let earth = SIMD3<Double>(0, 20, -40)

  /// The raw field at `orientation` for a device-fixed error `error` and an extra world field.
  private func raw(
    _ orientation: Quaternion, error: SIMD3<Double>, world: SIMD3<Double> = .zero
  ) -> SIMD3<Double> {
    orientation.conjugate.rotate(earth + world) + error
  }

  @Test func aDeviceFixedErrorWithinTheBoundTurningWithTheDeviceIsNoChange() {
    var detector = WorldChangeDetector()
    let error = SIMD3<Double>(3, -2, 4)  // 5.4 µT, within the 6 µT bound
    var changes = 0
    for step in 0..<360 {
      let orientation = Quaternion(
        axis: SIMD3(0.3, 0.5, 0.8), angle: Double(step) * Double.pi / 180)
      if detector.isChange(
        raw(orientation, error: error), orientation: orientation, noise: 1, deviceError: 6,
        correction: .identity)
      {
        changes += 1
      }
    }
    #expect(changes == 0)
  }

  @Test func aWorldFieldThatJumpsIsHeldUntilItIsBack() {
    var detector = WorldChangeDetector()
    var calls: [Bool] = []
    for step in 0..<60 {
      let orientation = Quaternion(axis: SIMD3(0, 0, 1), angle: Double(step) * Double.pi / 180)
      // A magnet raises the world field by 15 µT for steps 20…39.
      let world = (20..<40).contains(step) ? SIMD3<Double>(10, 0, 11) : .zero
      calls.append(
        detector.isChange(
          raw(orientation, error: .zero, world: world), orientation: orientation, noise: 1,
          deviceError: 6, correction: .identity))
    }
    #expect(calls[0..<20].allSatisfy { !$0 })
    #expect(calls[20..<40].allSatisfy { $0 })
    #expect(calls[40..<60].allSatisfy { !$0 })
    #expect(!detector.isHolding)
  }

  @Test func aChangeTheDeviceErrorBoundAllowsOverALargeTurnIsNoChange() {
    var detector = WorldChangeDetector()
    let first = Quaternion.identity
    let second = Quaternion(axis: SIMD3(1, 0, 0), angle: Double.pi / 2)
    // 30 µT of device-fixed error: over a quarter turn the world field may move by √2 · 30 µT.
    let error = SIMD3<Double>(0, 30, 0)
    _ = detector.isChange(
      raw(first, error: error), orientation: first, noise: 1, deviceError: 30, correction: .identity
    )
    let loose = detector.isChange(
      raw(second, error: error), orientation: second, noise: 1, deviceError: 30,
      correction: .identity)
    #expect(!loose)
    // The same turn with a bound of 5 µT: the field moved by more than that error could turn it.
    var strict = WorldChangeDetector()
    _ = strict.isChange(
      raw(first, error: error), orientation: first, noise: 1, deviceError: 5, correction: .identity)
    let tight = strict.isChange(
      raw(second, error: error), orientation: second, noise: 1, deviceError: 5,
      correction: .identity)
    #expect(tight)
  }

  @Test func aNewCorrectionIsAppliedToTheStepsKeptBeforeIt() {
    // A 40 µT hard iron the first step is seen without and the second with: under the correction
    // both are the Earth's field alone, so the turn between them explains everything. The first
    // step's corrected field kept from before the correction changed would differ by the hard iron.
    let hardIron = SIMD3<Double>(40, -10, 5)
    let corrected = WorldChangeDetector.Correction(softIron: .identity, hardIron: hardIron)
    let first = Quaternion.identity
    let second = Quaternion(axis: SIMD3(0, 0, 1), angle: Double.pi / 2)
    var detector = WorldChangeDetector()
    let start = detector.isChange(
      raw(first, error: hardIron), orientation: first, noise: 1, deviceError: 1,
      correction: .identity)
    #expect(!start)
    let next = detector.isChange(
      raw(second, error: hardIron), orientation: second, noise: 1, deviceError: 1,
      correction: corrected)
    #expect(!next)
    // Back to no correction: the hard iron turned by a quarter turn is a change of 57 µT.
    let third = Quaternion.identity
    let back = detector.isChange(
      raw(third, error: hardIron), orientation: third, noise: 1, deviceError: 1,
      correction: .identity)
    #expect(back)
  }
}
