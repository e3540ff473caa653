import ComposableMotion
import Foundation
import Testing

/// The calibration tells a world-fixed disturbance (a magnet the device passes: the field changes
/// while the device moves, and the filter, having accepted the even field, flags it) from the
/// device's own iron, and returns to a calibration it knows when a device-fixed offset switches off.
@Suite("Magnetometer calibration under disturbances")
struct MagneticDisturbanceCalibrationTests {
  /// A rotation about an axis that changes every 5 s (rad/s, sensor axes).
  private func turning(_ time: Double) -> SIMD3<Double> {
    let axes = [SIMD3(0.6, 0.1, 0.2), SIMD3(0.1, 0.7, -0.2), SIMD3(-0.2, 0.1, 0.8)]
    return axes[Int(time / 5) % axes.count]
  }

  private func run(
    _ filter: inout OrientationFilter, _ imu: inout SyntheticIMU, seconds: Double,
    check: (OrientationFilter, SyntheticIMU) -> Void = { _, _ in }
  ) {
    for _ in 0..<Int(seconds / imu.interval) {
      let rate = turning(imu.time)
      filter.update(imu.sample(angularVelocity: rate))
      check(filter, imu)
      imu.advance(angularVelocity: rate)
    }
  }

  @Test func aMagnetPassedInTheWorldIsNotLearnedAsHardIron() {
    var imu = SyntheticIMU()
    var filter = OrientationFilter(magnetometerCalibrator: MagnetometerCalibrator())
    run(&filter, &imu, seconds: 20)
    let before = filter.magnetometerCalibrator?.calibration.hardIron ?? .zero
    #expect((filter.magnetometerCalibrator?.calibration.accuracy ?? .uncalibrated) >= .medium)
    // A magnet on the table: for six seconds the field in the world is another one (its strength
    // and dip change), whichever way the device turns.
    imu.earthField = SIMD3(10, 45, -20)
    run(&filter, &imu, seconds: 6)
    imu.earthField = SIMD3(0, 20, -40)
    var worst = 0.0
    run(&filter, &imu, seconds: 10) { filter, imu in
      worst = max(worst, headingError(filter.orientation, imu.orientation))
    }
    let calibrator = filter.magnetometerCalibrator
    // The magnet's samples were not learned: the hard iron is where it was (the clean field's, near 0).
    let change = (calibrator?.calibration.hardIron ?? .zero) - before
    #expect((change * change).sum().squareRoot() < 0.5)
    #expect((calibrator?.disturbedSampleCount ?? 0) > 50)
    #expect(worst < 3)
  }

  @Test func aSwitchedOffOffsetReturnsToTheCalibrationKnownBefore() {
    var calibrator = MagnetometerCalibrator()
    var orientation = Quaternion.identity
    let earth = SIMD3<Double>(0, 20, -40)
    let hardIron = SIMD3<Double>(30, -25, 15)
    var time = 0.0
    func turn(seconds: Double, motor: SIMD3<Double>) {
      for _ in 0..<Int(seconds * 100) {
        let axis = SIMD3(sin(0.7 * time), cos(0.4 * time), sin(0.23 * time + 1))
        orientation = (orientation * Quaternion(axis: axis, angle: 0.012)).normalized
        let raw = orientation.conjugate.rotate(earth) + hardIron + motor
        _ = calibrator.update(raw, orientation6D: orientation, rotationRate: 1.2)
        time += 0.01
      }
    }
    turn(seconds: 40, motor: .zero)
    let known = calibrator.calibration
    #expect(known.accuracy >= .medium)
    // A motor runs for a minute: its field turns with the device and is learned as new hard iron.
    let motor = SIMD3<Double>(12, 8, -10)
    turn(seconds: 60, motor: motor)
    let running = calibrator.calibration.hardIron - (hardIron + motor)
    #expect((running * running).sum().squareRoot() < 2)
    // It stops: within a second of turning the calibration known before is back, not relearned.
    turn(seconds: 1, motor: .zero)
    let back = calibrator.calibration.hardIron - known.hardIron
    #expect((back * back).sum().squareRoot() < 0.5)
  }
}
