import ComposableMotion
import Foundation
import Testing

/// The calibrator tells a change of the field the device moves through from its own iron by how fast
/// the field changes against how far the device turned: a calibration that leaves a device-fixed error
/// δ moves the world-frame field by at most 2 sin(θ/2)|δ| over a turn of θ. A magnet passed, or a
/// motor switched on, changes it faster: those steps are not learned from.
@Suite("Magnetometer calibration: world changes")
struct WorldChangeCalibrationTests {
  private let earth = SIMD3<Double>(0, 20, -40)

  /// A slow tumble (about 20°/s about a wandering axis), 100 samples a second: `field` gives the
  /// extra field in the world frame and `device` the extra field in device axes at each time (s).
  private func tumble(
    _ calibrator: inout MagnetometerCalibrator, from start: Double, seconds: Double,
    orientation: inout Quaternion, hardIron: SIMD3<Double>,
    world: (Double) -> SIMD3<Double> = { _ in .zero },
    device: (Double) -> SIMD3<Double> = { _ in .zero }
  ) {
    var time = start
    for _ in 0..<Int(seconds * 100) {
      let axis = SIMD3(sin(0.7 * time), cos(0.4 * time), sin(0.23 * time + 1))
      orientation = (orientation * Quaternion(axis: axis, angle: 0.0035)).normalized
      let raw = orientation.conjugate.rotate(earth + world(time)) + hardIron + device(time)
      _ = calibrator.update(raw, orientation6D: orientation, rotationRate: 0.35)
      time += 0.01
    }
  }

  /// The field of a magnet the device passes at `speed` m/s, 8 cm away at the closest point, at time
  /// `closest` (s): about 30 µT there, a dipole's 1/r³ fall-off elsewhere (world frame, µT).
  private func magnetPass(at closest: Double, speed: Double = 0.1) -> (Double) -> SIMD3<Double> {
    { time in
      let along = speed * (time - closest)
      let position = SIMD3(along, 0.08, 0)
      let r = (position * position).sum().squareRoot()
      let unit = position / r
      let moment = SIMD3<Double>(0, 0, 30 * 0.08 * 0.08 * 0.08)
      let field = (3 * (moment * unit).sum() * unit - moment) / (r * r * r)
      return r < 1.5 ? field : .zero
    }
  }

  @Test func aMagnetPassedBeforeTheCalibrationIsConfirmedIsNotLearned() {
    var calibrator = MagnetometerCalibrator()
    // A clean magnetometer turned about one axis only: the identity is confirmed, but no better
    // than `low` (the offset along that axis is unobservable), so no strength or dip gates yet.
    var orientation = Quaternion.identity
    var time = 0.0
    func turn(seconds: Double, world: (Double) -> SIMD3<Double>) {
      for _ in 0..<Int(seconds * 100) {
        orientation = (orientation * Quaternion(axis: SIMD3(0, 0, 1), angle: 0.0035)).normalized
        let raw = orientation.conjugate.rotate(earth + world(time))
        _ = calibrator.update(raw, orientation6D: orientation, rotationRate: 0.35)
        time += 0.01
      }
    }
    // 12 s turn the device by about 240 steps: fewer than the 360 after which a confirmed
    // identity counts as `medium` (``MagnetometerCalibrator/confirmationSteps``).
    turn(seconds: 12) { _ in .zero }
    #expect(calibrator.calibration.accuracy == .low)
    #expect(calibrator.disturbedSampleCount == 0)
    // A magnet on the table passed at 0.5 m/s: for a fraction of a second the world field bends by
    // tens of µT. (A pass slow enough that no step of rotation sees a jump is not caught yet.)
    turn(seconds: 8, world: magnetPass(at: 16, speed: 0.5))
    #expect(calibrator.disturbedSampleCount > 20)
    let hardIron = calibrator.calibration.hardIron
    #expect((hardIron * hardIron).sum().squareRoot() < 1)
  }

  @Test func aHardIronTheDeviceHadNotYetTurnedIsLearnedNotHeldOutAsAWorldChange() {
    var calibrator = MagnetometerCalibrator()
    let hardIron = SIMD3<Double>(50, -40, 55)
    // Held in the hand for 4 s: a wobble of 2° about two axes, with about 0.6 µT of noise. Seen
    // from so little rotation the 84 µT hard iron is a constant offset, and the first fits confirm
    // the identity (it explains these samples as well as any fit), at `low`.
    var orientation = Quaternion.identity
    for index in 0..<400 {
      let t = Double(index) * 0.01
      let angle = 2 * Double.pi / 180
      orientation =
        (Quaternion(axis: SIMD3(1, 0, 0), angle: angle * sin(2.1 * t))
        * Quaternion(axis: SIMD3(0, 1, 0), angle: angle * cos(1.3 * t))).normalized
      let noise = 0.6 * SIMD3(sin(97.1 * t), sin(131.7 * t + 1), sin(173.3 * t + 2))
      let raw = orientation.conjugate.rotate(earth) + hardIron + noise
      _ = calibrator.update(raw, orientation6D: orientation, rotationRate: 0.1)
    }
    #expect(calibrator.adoptedFitCount == 0)
    #expect(calibrator.calibration.accuracy == .low)
    // Then the device is turned, at about 150°/s: its own iron turns with it, by several µT from
    // one step to the next, which a confirmation that saw no rotation cannot bound. The steps are
    // learned from (none held out as a change of the world), and the hard iron is found.
    for index in 0..<1000 {
      let t = 4 + Double(index) * 0.01
      let axis = SIMD3(sin(0.7 * t), cos(0.4 * t), sin(0.23 * t + 1))
      orientation = (orientation * Quaternion(axis: axis, angle: 0.026)).normalized
      let raw = orientation.conjugate.rotate(earth) + hardIron
      _ = calibrator.update(raw, orientation6D: orientation, rotationRate: 2.6)
    }
    #expect(calibrator.disturbedSampleCount < 10)
    #expect(calibrator.restartCount == 0)
    let error = calibrator.calibration.hardIron - hardIron
    #expect((error * error).sum().squareRoot() < 2)
    #expect(calibrator.calibration.accuracy >= .medium)
  }

  @Test func aMotorSwitchedOnForAFewSecondsIsNotLearned() {
    var calibrator = MagnetometerCalibrator()
    var orientation = Quaternion.identity
    let hardIron = SIMD3<Double>(-20, 30, 5)
    tumble(&calibrator, from: 0, seconds: 30, orientation: &orientation, hardIron: hardIron)
    let known = calibrator.calibration
    #expect(known.accuracy >= .medium)
    // A motor's current switches a device-fixed 25 µT field on for 3 s out of every 6.
    let motor = SIMD3<Double>(15, -10, 17)
    tumble(
      &calibrator, from: 30, seconds: 24, orientation: &orientation, hardIron: hardIron,
      device: { time in time.truncatingRemainder(dividingBy: 6) < 3 ? motor : .zero })
    let drift = calibrator.calibration.hardIron - known.hardIron
    #expect((drift * drift).sum().squareRoot() < 1.5)
    #expect(calibrator.disturbedSampleCount > 0)
  }

  @Test func aFitThatStopsExplainingTheFieldIsDroppedAndRelearned() {
    var calibrator = MagnetometerCalibrator()
    var orientation = Quaternion.identity
    let hardIron = SIMD3<Double>(10, 10, -30)
    tumble(&calibrator, from: 0, seconds: 30, orientation: &orientation, hardIron: hardIron)
    #expect(calibrator.calibration.accuracy >= .medium)
    let restarts = calibrator.restartCount
    // The device's own iron changes for good (a magnet glued on): the calibration in use no longer
    // explains the field, is dropped, and the new iron is learned while the device keeps turning.
    let glued = SIMD3<Double>(-18, 12, 9)
    tumble(
      &calibrator, from: 30, seconds: 60, orientation: &orientation, hardIron: hardIron + glued)
    #expect(calibrator.restartCount > restarts)
    let error = calibrator.calibration.hardIron - (hardIron + glued)
    #expect((error * error).sum().squareRoot() < 2)
  }
}
