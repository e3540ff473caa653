import ComposableMotion
import Foundation
import Testing

@Suite("Attitude: Core Motion's rotation matrix, composable-core-motion's angles")
struct AttitudeTests {
  private func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

  /// composable-core-motion's Euler order: M = Rz(yaw) · Ry(pitch) · Rx(roll).
  private func attitude(yaw: Double, pitch: Double, roll: Double) -> Attitude {
    let q =
      Quaternion(axis: SIMD3(0, 0, 1), angle: radians(yaw))
      * Quaternion(axis: SIMD3(0, 1, 0), angle: radians(pitch))
      * Quaternion(axis: SIMD3(1, 0, 0), angle: radians(roll))
    return Attitude(quaternion: q)
  }

  /// composable-core-motion's `Attitude` formulas (Sources/ComposableCoreMotion/Models/Attitude.swift,
  /// MIT licence), written out independently of the library for comparison.
  private func reference(_ q: Quaternion) -> (roll: Double, pitch: Double, yaw: Double, m: [Double])
  {
    let s = 1 / (q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z)
    let m = [
      1 - 2 * s * (q.y * q.y + q.z * q.z), 2 * s * (q.x * q.y - q.z * q.w),
      2 * s * (q.x * q.z + q.y * q.w),
      2 * s * (q.x * q.y + q.z * q.w), 1 - 2 * s * (q.x * q.x + q.z * q.z),
      2 * s * (q.y * q.z - q.x * q.w),
      2 * s * (q.x * q.z - q.y * q.w), 2 * s * (q.y * q.z + q.x * q.w),
      1 - 2 * s * (q.x * q.x + q.y * q.y),
    ]
    let roll = atan2(2 * (q.w * q.x + q.y * q.z), 1 - 2 * (q.x * q.x + q.y * q.y))
    let p = 2 * (q.w * q.y - q.z * q.x)
    let pitch = p > 1 ? Double.pi / 2 : p < -1 ? -Double.pi / 2 : asin(p)
    let yaw = atan2(2 * (q.w * q.z + q.x * q.y), 1 - 2 * (q.y * q.y + q.z * q.z))
    return (roll, pitch, yaw, m)
  }

  @Test func theIdentityHasNoRollPitchOrYaw() {
    let a = Attitude(quaternion: .identity)
    #expect(a.roll == 0 && a.pitch == 0 && a.yaw == 0)
    let m = a.rotationMatrix
    #expect(m.m11 == 1 && m.m22 == 1 && m.m33 == 1 && m.m12 == 0 && m.m31 == 0)
  }

  @Test(arguments: [(30.0, 0.0, 0.0), (0, 20, 0), (0, 0, -40), (-120, 35, 70), (170, -80, -175)])
  func eulerAnglesRoundTrip(yaw: Double, pitch: Double, roll: Double) {
    let a = attitude(yaw: yaw, pitch: pitch, roll: roll)
    #expect(abs(a.yaw - radians(yaw)) < 1e-9)
    #expect(abs(a.pitch - radians(pitch)) < 1e-9)
    #expect(abs(a.roll - radians(roll)) < 1e-9)
  }

  @Test func anglesAndMatrixMatchComposableCoreMotionOnManyAttitudes() {
    var generator = SeededGenerator(seed: 12)
    for _ in 0..<500 {
      let q = Quaternion(
        w: .random(in: -1...1, using: &generator), x: .random(in: -1...1, using: &generator),
        y: .random(in: -1...1, using: &generator), z: .random(in: -1...1, using: &generator)
      ).normalized
      let a = Attitude(quaternion: q)
      let expected = reference(a.quaternion)
      #expect(abs(a.roll - expected.roll) < 1e-12)
      #expect(abs(a.pitch - expected.pitch) < 1e-12)
      #expect(abs(a.yaw - expected.yaw) < 1e-12)
      // The matrix is composable-core-motion's transposed: Core Motion's (see the iPhone test).
      let m = a.rotationMatrix
      let transposed = [m.m11, m.m21, m.m31, m.m12, m.m22, m.m32, m.m13, m.m23, m.m33]
      #expect(zip(transposed, expected.m).allSatisfy { abs($0 - $1) < 1e-12 })
    }
  }

  /// One `CMAttitude` read on an iPhone (iOS 14.4), from composable-core-motion's issue 2: its
  /// `rotationMatrix`, and composable-core-motion's `rotationMatrix` computed from its
  /// `quaternion`. The quaternion below is recovered from the second; from it this library must
  /// give the first, the matrix Core Motion itself reported.
  @Test func theRotationMatrixIsTheOneAnIPhoneReports() {
    let q = Quaternion(
      w: 0.5968847127766997, x: 0.21277631175394585, y: 0.28321361012864055,
      z: 0.7198923057289658)
    let composableCoreMotion: [Double] = [
      -0.19690976161972862, -0.7388631294669954, 0.6444438080182784,
      0.979907719073764, -0.12703738138275833, 0.1537607421647839,
      -0.031739689326065, 0.6617724530725418, 0.7490325843885801,
    ]
    let coreMotion: [Double] = [
      -0.1969096064567566, 0.9799075722694397, -0.03173968195915222,
      -0.7388630509376526, -0.12703722715377808, 0.6617723703384399,
      0.6444437503814697, 0.15376073122024536, 0.7490326166152954,
    ]
    #expect(zip(reference(q).m, composableCoreMotion).allSatisfy { abs($0 - $1) < 1e-6 })
    let m = Attitude(quaternion: q).rotationMatrix
    let ours = [m.m11, m.m12, m.m13, m.m21, m.m22, m.m23, m.m31, m.m32, m.m33]
    #expect(zip(ours, coreMotion).allSatisfy { abs($0 - $1) < 1e-6 }, "\(ours)")
  }

  /// The transpose question, settled by what the matrix does rather than by its layout: it takes
  /// reference vectors into device coordinates, its rows are the device axes in reference
  /// coordinates, and its third column is the reference's up seen from the device, which is minus
  /// ``DeviceMotion/gravity``.
  @Test func theRotationMatrixTakesReferenceVectorsIntoTheDeviceFrame() {
    let a = attitude(yaw: 25, pitch: -10, roll: 60)
    let m = a.rotationMatrix
    let v = SIMD3<Double>(0.5, -2, 1.5)
    let byMatrix = SIMD3(
      m.m11 * v.x + m.m12 * v.y + m.m13 * v.z,
      m.m21 * v.x + m.m22 * v.y + m.m23 * v.z,
      m.m31 * v.x + m.m32 * v.y + m.m33 * v.z)
    expectClose(byMatrix, a.quaternion.conjugate.rotate(v))
    expectClose(SIMD3(m.m11, m.m12, m.m13), a.quaternion.rotate(SIMD3(1, 0, 0)))
    expectClose(SIMD3(m.m13, m.m23, m.m33), a.quaternion.conjugate.rotate(SIMD3(0, 0, 1)))
  }

  @Test func aQuarterTurnAboutTheVerticalHasTheDocumentedMatrix() {
    let m = attitude(yaw: 90, pitch: 0, roll: 0).rotationMatrix
    let entries = [m.m11, m.m12, m.m13, m.m21, m.m22, m.m23, m.m31, m.m32, m.m33]
    let expected: [Double] = [0, 1, 0, -1, 0, 0, 0, 0, 1]
    #expect(zip(entries, expected).allSatisfy { abs($0 - $1) < 1e-12 })
  }

  @Test func multiplyByInverseOfIsSelfTimesTheReferencesInverse() {
    let start = attitude(yaw: 30, pitch: 0, roll: 0)
    var now = attitude(yaw: 40, pitch: 0, roll: 0)
    now.multiply(byInverseOf: start)
    #expect(abs(now.yaw - radians(10)) < 1e-9)

    // Not commutative: the order is self · reference⁻¹, as composable-core-motion multiplies.
    let reference = attitude(yaw: 20, pitch: 30, roll: -15)
    let current = attitude(yaw: -50, pitch: 10, roll: 70)
    let relative = current.multiplied(byInverseOf: reference)
    let expected = (current.quaternion * reference.quaternion.conjugate).normalized
    #expect(relative.quaternion.angle(to: expected) < 1e-9)
    let other = (reference.quaternion.conjugate * current.quaternion).normalized
    #expect(relative.quaternion.angle(to: other) > 0.1)
    // Undoing it gives the attitude back: (self · ref⁻¹) · ref = self.
    let back = Attitude(quaternion: relative.quaternion * reference.quaternion)
    #expect(back.quaternion.angle(to: current.quaternion) < 1e-9)

    var same = attitude(yaw: -70, pitch: 12, roll: 33)
    same.multiply(byInverseOf: same)
    #expect(same.quaternion.angle(to: .identity) < 1e-7)
  }
}
