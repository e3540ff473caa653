// How far a calibration the rotations confirm (a fit to the same samples explains them no better) can be
// trusted while the rotations seen are too few to pin every part of a correction down.
extension MagnetometerCalibrator {
  /// The steps of rotation (each at least ``Parameters/stepAngle``, 1° by default) a calibration must
  /// have been confirmed over, with no fit ever adopted instead, before a small rotation coverage
  /// stops capping it at ``DeviceMotion/MagneticFieldCalibrationAccuracy/low``: a full turn's worth.
  public static let confirmationSteps = 360

  /// The accuracy a confirmed calibration earns: the confirming fit's, capped while the rotation
  /// coverage is under ``minimumRotationCoverage``: at
  /// ``DeviceMotion/MagneticFieldCalibrationAccuracy/medium`` once the calibration in use has stood
  /// for ``confirmationSteps`` steps with no fit adopted and no restart, at
  /// ``DeviceMotion/MagneticFieldCalibrationAccuracy/low`` before.
  ///
  /// A fit *adopted* under a small coverage is capped at `low` (``coverageCapped(_:)``): the part of
  /// its correction the rotations leave unobservable is the prior's guess. The first fits confirm
  /// any calibration as well: while the device has barely turned, a hard iron is a constant offset
  /// that cannot be told from the Earth's field. But a calibration no fit has beaten over a full
  /// turn's worth of rotation (the identity on an undistorted magnetometer carried along, a restored
  /// one) was exposed to every wobble a wrong offset makes across the axes turned about, and along
  /// the others it is as good as it was. What so few axes cannot rule out is a soft iron within the
  /// prior's spread, a heading error of a few degrees: `medium`'s promise, not `high`'s.
  func confirmationCapped(_ accuracy: DeviceMotion.MagneticFieldCalibrationAccuracy)
    -> DeviceMotion.MagneticFieldCalibrationAccuracy
  {
    guard leastSquares.rotationCoverage < Self.minimumRotationCoverage else { return accuracy }
    let stood =
      adoptedFitCount == 0 && restartCount == 0 && learnedSampleCount >= Self.confirmationSteps
    return min(accuracy, stood ? .medium : .low)
  }
}
