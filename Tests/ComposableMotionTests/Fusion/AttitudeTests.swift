import ComposableMotion
import Foundation
import Testing

@Suite("Attitude")
struct AttitudeTests {
  private func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

  /// Core Motion's Euler order: yaw about z, then pitch about x, then roll about y.
  private func attitude(yaw: Double, pitch: Double, roll: Double) -> Attitude {
    let q =
      Quaternion(axis: SIMD3(0, 0, 1), angle: radians(yaw))
      * Quaternion(axis: SIMD3(1, 0, 0), angle: radians(pitch))
      * Quaternion(axis: SIMD3(0, 1, 0), angle: radians(roll))
    return Attitude(quaternion: q)
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

  @Test func theRotationMatrixRotatesLikeTheQuaternion() {
    let a = attitude(yaw: 25, pitch: -10, roll: 60)
    let m = a.rotationMatrix
    let v = SIMD3<Double>(0.5, -2, 1.5)
    let byMatrix = SIMD3(
      m.m11 * v.x + m.m12 * v.y + m.m13 * v.z,
      m.m21 * v.x + m.m22 * v.y + m.m23 * v.z,
      m.m31 * v.x + m.m32 * v.y + m.m33 * v.z)
    expectClose(byMatrix, a.quaternion.rotate(v))
  }

  @Test func multiplyByInverseOfGivesTheChangeSinceAReference() {
    let start = attitude(yaw: 30, pitch: 0, roll: 0)
    var now = attitude(yaw: 40, pitch: 0, roll: 0)
    now.multiply(byInverseOf: start)
    #expect(abs(now.yaw - radians(10)) < 1e-9)

    var same = attitude(yaw: -70, pitch: 12, roll: 33)
    same.multiply(byInverseOf: same)
    #expect(same.quaternion.angle(to: .identity) < 1e-7)
  }
}
