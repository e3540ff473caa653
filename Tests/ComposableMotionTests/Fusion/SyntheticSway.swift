import ComposableMotion
import Foundation

/// A deterministic motion for the calibrator's tests: the device swayed about the vertical and the
/// two horizontal axes by sines, never facing far from where it started unless the angles are large.
struct SyntheticSway {
  /// The largest turn about the vertical, degrees.
  var yaw: Double
  /// The largest turn about each horizontal axis, degrees.
  var tilt: Double
  /// The angular frequencies (rad/s) of the turns about z, x and y.
  var frequencies: SIMD3<Double>

  /// The orientation (device → world) at `time` seconds.
  func orientation(at time: Double) -> Quaternion {
    let degree = Double.pi / 180
    return
      (Quaternion(axis: SIMD3(0, 0, 1), angle: yaw * degree * sin(frequencies.x * time))
      * Quaternion(axis: SIMD3(1, 0, 0), angle: tilt * degree * sin(frequencies.y * time + 1))
      * Quaternion(axis: SIMD3(0, 1, 0), angle: tilt * degree * sin(frequencies.z * time)))
      .normalized
  }
}

/// Uniform noise in [−0.5, 0.5) from a fixed 64-bit linear congruential sequence: the same numbers on
/// every run.
struct Jitter {
  private var state: UInt64 = 0x2545_F491_4F6C_DD1D

  /// The next number of the sequence.
  mutating func next() -> Double {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Double(state >> 11) / Double(1 << 53) - 0.5
  }
}
