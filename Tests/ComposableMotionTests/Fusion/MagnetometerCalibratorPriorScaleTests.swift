import ComposableMotion
import Foundation
import Testing

/// With ``MagnetometerCalibrator/Parameters/softIronPriorAtEarthScale`` the soft-iron prior weighs
/// as much as its spread says whatever the hard iron: the least squares keeps its sums in units of
/// the first raw field, which on a distorted magnetometer includes the hard iron, and the prior's
/// weight is taken at the Earth's field in those units.
@Suite("MagnetometerCalibrator: the soft-iron prior at the Earth's field's scale")
struct MagnetometerCalibratorPriorScaleTests {
  private let earthField = SIMD3<Double>(0, 16, -41)
  /// A soft iron of the kind the benchmark draws (scale 0.85…1.15, coupling ±0.08): x reads 13 %
  /// low.
  private let softIron = [
    SIMD3(0.87, 0.06, -0.05), SIMD3(0.03, 1.07, 0.01), SIMD3(0.02, 0.06, 1.07),
  ]

  private func distort(_ m: SIMD3<Double>, hardIron: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3((softIron[0] * m).sum(), (softIron[1] * m).sum(), (softIron[2] * m).sum()) + hardIron
  }

  /// Turns the device by up to ±`yaw` degrees about the vertical and ±`tilt` about the horizontal
  /// axes for `seconds` at 100 Hz, feeding the distorted field (±0.15 µT noise) and the true
  /// orientation.
  private func turn(
    _ calibrator: inout MagnetometerCalibrator, hardIron: SIMD3<Double>, seconds: Double,
    yaw: Double, tilt: Double
  ) {
    var jitter = Jitter()
    let motion = SyntheticSway(yaw: yaw, tilt: tilt, frequencies: SIMD3(0.5, 0.9, 0.7))
    let interval = 0.01
    for step in 0..<Int(seconds / interval) {
      let orientation = motion.orientation(at: Double(step) * interval)
      let truth = orientation.conjugate.rotate(earthField)
      let raw = distort(truth, hardIron: hardIron) + SIMD3(repeating: 0.3 * jitter.next())
      _ = calibrator.update(raw, orientation6D: orientation, rotationRate: 0.3)
    }
  }

  /// The heading error (degrees) a calibration leaves on the field seen facing `orientation`.
  private func headingError(
    _ calibration: MagnetometerCalibration, hardIron: SIMD3<Double>, facing orientation: Quaternion
  ) -> Double {
    let truth = orientation.conjugate.rotate(earthField)
    let k = calibration.softIronCorrection
    let offset = distort(truth, hardIron: hardIron) - calibration.hardIron
    let corrected = SIMD3((k.x * offset).sum(), (k.y * offset).sum(), (k.z * offset).sum())
    let seen = orientation.rotate(corrected)
    let error = atan2(seen.x, seen.y) - atan2(earthField.x, earthField.y)
    return abs(remainder(error, 2 * Double.pi)) * 180 / Double.pi
  }

  @Test func theSoftIronLearnedDoesNotDependOnTheHardIronsSize() {
    // The same soft iron and the same turns, with a hard iron of 3 µT and one of 85 µT (the first
    // raw field about twice the Earth's). A hard iron is an offset: it changes nothing the turns
    // show about the soft iron, so the two learn the same correction. With the prior weighed in
    // the units of the first raw field, the strong offset made it four times stronger and held
    // the x gain near 1.
    let small = SIMD3<Double>(2, -2, 1)
    let large = SIMD3<Double>(55, 58, -30)
    var parameters = MagnetometerCalibrator.Parameters()
    parameters.softIronPriorAtEarthScale = true
    var calibrators = [
      MagnetometerCalibrator(parameters: parameters),
      MagnetometerCalibrator(parameters: parameters),
    ]
    turn(&calibrators[0], hardIron: small, seconds: 40, yaw: 70, tilt: 25)
    turn(&calibrators[1], hardIron: large, seconds: 40, yaw: 70, tilt: 25)
    let learned = calibrators.map(\.calibration.softIronCorrection)
    #expect(calibrators.allSatisfy { $0.adoptedFitCount >= 1 })
    // The corrections' largest difference, entry by entry (both scaled to determinant 1).
    var gap = 0.0
    for (a, b) in [
      (learned[0].x, learned[1].x), (learned[0].y, learned[1].y), (learned[0].z, learned[1].z),
    ] {
      let difference: SIMD3<Double> = a - b
      gap = max(gap, abs(difference.x), abs(difference.y), abs(difference.z))
    }
    #expect(gap < 0.01)
    let facing = Quaternion(axis: SIMD3(0, 0, 1), angle: 0.4)
    let errors = zip(calibrators, [small, large]).map {
      headingError($0.calibration, hardIron: $1, facing: facing)
    }
    #expect(abs(errors[0] - errors[1]) < 0.5)
  }
}
