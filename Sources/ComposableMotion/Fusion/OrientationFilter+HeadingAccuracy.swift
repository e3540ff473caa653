// How far the magnetometer heading can be trusted: a bound in degrees and Core Motion's levels.
extension OrientationFilter {
  /// The error left when the calibration and the field are as good as they get, in degrees: the
  /// Earth's field is not perfectly even indoors, and the 6D orientation's own error turns into heading.
  static let headingErrorFloor = 2.0
  /// The bound as a multiple of the spread of the heading disagreement (``HeadingErrorTracker``):
  /// the heading is an average of the disagreements, so it strays from the truth by a fraction of
  /// their spread most of the time.
  static let headingErrorSpreadFactor = 1.5
  /// How fast, in degrees per second, a held heading (a disturbance rejected) can drift beyond what
  /// the gyroscope bias's own uncertainty says.
  static let heldHeadingDrift = 0.1
  /// The largest bound, in degrees, for each level: ``DeviceMotion/MagneticFieldCalibrationAccuracy/high``
  /// promises about 5° and ``DeviceMotion/MagneticFieldCalibrationAccuracy/medium`` about 15°.
  static let headingBoundForHigh = 4.0
  static let headingBoundForMedium = 12.0
  /// The least bound, in degrees, while the calibration is only
  /// ``DeviceMotion/MagneticFieldCalibrationAccuracy/low``.
  static let lowCalibrationBound = 20.0

  /// A bound on the heading's error in degrees, with Core Location's meaning for
  /// `CLHeading.headingAccuracy`: the true heading lies within ``orientation``'s heading ± this most
  /// of the time (on the BROAD trials, on 85 % of the rows or more). Negative while there is no
  /// usable heading: no magnetometer sample yet, no accepted reference field, or (with a
  /// ``MagnetometerCalibrator``) no calibration confirmed by the rotations seen so far.
  ///
  /// It grows with the uncertainty of the calibration's fit, with the spread of the recent samples' heading disagreement (a calibration that is off
  /// makes the field's direction wobble as the device turns), and with the time the heading has been
  /// held through a magnetic disturbance (the gyroscope's drift).
  public var headingAccuracy: Double {
    guard magnetic.sampleCount > 0, hasMagneticReference, headingError.isSettled else { return -1 }
    if let calibrator = magnetometerCalibrator, calibrator.calibration.accuracy == .uncalibrated {
      return -1
    }
    let spread = Self.headingErrorSpreadFactor * headingError.spread * 180 / Double.pi
    let floor = Self.headingErrorFloor
    // What the calibration's fit cannot pin down (two standard deviations: it is a bias, not noise
    // the heading averages out).
    let calibration = 2 * (magnetometerCalibrator?.headingUncertainty ?? 0)
    let drift =
      headingError.heldTime * (Self.heldHeadingDrift + gyroscopeBiasSigma * 180 / Double.pi)
    let bound = (floor * floor + spread * spread + calibration * calibration).squareRoot() + drift
    // A calibration its calibrator trusts only a little (too few kinds of rotation seen) can be off
    // in a way no sample shows yet.
    if magnetometerCalibrator?.calibration.accuracy == .low {
      return max(bound, Self.lowCalibrationBound)
    }
    return bound
  }

  /// How far the magnetometer heading can be trusted, like `CMMagneticFieldCalibrationAccuracy`:
  /// ``headingAccuracy`` in levels (``DeviceMotion/MagneticFieldCalibrationAccuracy/high`` up to
  /// 4°, ``DeviceMotion/MagneticFieldCalibrationAccuracy/medium`` up to 12°), no better than the
  /// ``MagnetometerCalibrator``'s own confidence when there is one, and no better than
  /// ``DeviceMotion/MagneticFieldCalibrationAccuracy/medium`` while a magnetic disturbance is being
  /// rejected. Before the bound is valid it is the calibrator's confidence (a restored calibration's
  /// saved accuracy), or ``DeviceMotion/MagneticFieldCalibrationAccuracy/uncalibrated``.
  public var magneticFieldAccuracy: DeviceMotion.MagneticFieldCalibrationAccuracy {
    guard magnetic.sampleCount > 0 else { return .uncalibrated }
    let calibration = magnetometerCalibrator?.calibration.accuracy
    let bound = headingAccuracy
    // Before the heading has a bound (a restored calibration, the first field): the calibration's
    // own confidence, as Core Motion reports it.
    guard bound >= 0 else { return calibration ?? .uncalibrated }
    var level: DeviceMotion.MagneticFieldCalibrationAccuracy =
      bound <= Self.headingBoundForHigh
      ? .high : (bound <= Self.headingBoundForMedium ? .medium : .low)
    // A field that differs from the reference is held off: not high, however small the bound is yet.
    if parameters.rejectsMagneticDisturbances, magnetic.disturbanceDetected {
      level = min(level, .medium)
    }
    return min(level, calibration ?? .high)
  }
}
