import ComposableMotion
import Foundation

/// A simulated IMU with a known true orientation: produces the samples a perfect sensor (plus the bias,
/// disturbance, linear acceleration and noise you set) would report, so tests can compare estimates with
/// the truth.
struct SyntheticIMU {
  /// The true orientation, sensor → ENU.
  var orientation: Quaternion
  /// The current time in s.
  var time = 0.0
  /// The sample interval in s.
  var interval: Double
  /// A constant gyroscope bias in rad/s, sensor axes.
  var gyroscopeBias = SIMD3<Double>.zero
  /// The Earth's field in ENU, µT (pointing north and down, ~63° dip).
  var earthField = SIMD3<Double>(0, 20, -40)
  /// A field added in sensor axes (a magnet attached to the device), µT.
  var magneticDisturbance = SIMD3<Double>.zero
  /// Linear acceleration of the sensor in ENU, m/s².
  var linearAcceleration = SIMD3<Double>.zero
  /// Standard deviation-like amplitude of the uniform noise added to gyroscope (rad/s) and accelerometer (m/s²).
  var gyroscopeNoise = 0.002
  var accelerometerNoise = 0.02
  private var random = 0x2545_F491_4F6C_DD1D as UInt64

  init(orientation: Quaternion = .identity, rate: Double = 100) {
    self.orientation = orientation
    self.interval = 1 / rate
  }

  /// The sample at the current time while turning at `angularVelocity` (rad/s, sensor axes).
  mutating func sample(angularVelocity: SIMD3<Double> = .zero) -> IMURecording.Sample {
    let gravityUp = SIMD3<Double>(0, 0, 9.81)
    let toSensor = orientation.conjugate
    return IMURecording.Sample(
      time: time,
      gyroscope: angularVelocity + gyroscopeBias + noise(gyroscopeNoise),
      accelerometer: toSensor.rotate(gravityUp + linearAcceleration) + noise(accelerometerNoise),
      magnetometer: toSensor.rotate(earthField) + magneticDisturbance)
  }

  /// Advances the true orientation by turning at `angularVelocity` (rad/s, sensor axes) for `interval`.
  mutating func advance(angularVelocity: SIMD3<Double>, interval step: Double? = nil) {
    let dt = step ?? interval
    let length = (angularVelocity * angularVelocity).sum().squareRoot()
    if length > 0 {
      orientation = (orientation * Quaternion(axis: angularVelocity, angle: length * dt)).normalized
    }
    time += dt
  }

  /// Feeds `duration` seconds of turning at `angularVelocity` to `filter`; `check` sees every step.
  mutating func run(
    _ filter: inout OrientationFilter, seconds duration: Double,
    angularVelocity: SIMD3<Double> = .zero,
    check: (OrientationFilter, SyntheticIMU) -> Void = { _, _ in }
  ) {
    let steps = Int((duration / interval).rounded())
    for _ in 0..<steps {
      filter.update(sample(angularVelocity: angularVelocity))
      check(filter, self)
      advance(angularVelocity: angularVelocity)
    }
  }

  private mutating func noise(_ amplitude: Double) -> SIMD3<Double> {
    SIMD3(next() * amplitude, next() * amplitude, next() * amplitude)
  }

  /// A deterministic uniform value in −1…1 (xorshift), so failures reproduce.
  private mutating func next() -> Double {
    random ^= random << 13
    random ^= random >> 7
    random ^= random << 17
    return Double(random >> 11) / Double(1 << 52) - 1
  }
}

/// Degrees from radians.
func degrees(_ radians: Double) -> Double { radians * 180 / Double.pi }

/// The angle in degrees between the true and estimated vertical, seen from the sensor: the inclination error.
func inclinationError(_ estimate: Quaternion, _ truth: Quaternion) -> Double {
  let up = SIMD3<Double>(0, 0, 1)
  let a = estimate.conjugate.rotate(up)
  let b = truth.conjugate.rotate(up)
  return degrees(acos(min(1, max(-1, (a * b).sum()))))
}

/// The heading error in degrees: the rotation about the vertical between estimate and truth.
func headingError(_ estimate: Quaternion, _ truth: Quaternion) -> Double {
  let d = (estimate * truth.conjugate).normalized
  return degrees(2 * atan(abs(d.z / d.w)))
}

/// A deterministic random number generator (xorshift64), so tests with random input reproduce.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

  mutating func next() -> UInt64 {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return state
  }
}
