// How far a calibration the rotations confirm (a fit to the same samples explains them no better) can be
// trusted while the rotations seen are too few to pin every part of a correction down.
extension MagnetometerCalibrator {
  /// The accuracy a confirmed calibration earns: the confirming fit's, but no better than
  /// ``DeviceMotion/MagneticFieldCalibrationAccuracy/medium`` while the rotation coverage is under
  /// ``minimumRotationCoverage``.
  ///
  /// A fit *adopted* under a small coverage is capped at
  /// ``DeviceMotion/MagneticFieldCalibrationAccuracy/low`` (``coverageCapped(_:)``): the part of its
  /// correction the rotations leave unobservable is the prior's guess. A calibration already in use
  /// (the identity on an undistorted magnetometer, a restored one) is not a guess the samples made: they
  /// could have contradicted it along every observable direction and did not, and along the others it
  /// is as good as it was. What the few rotations cannot rule out is a soft iron within the prior's
  /// spread, a heading error of a few degrees: within
  /// ``DeviceMotion/MagneticFieldCalibrationAccuracy/medium``'s promise, not within
  /// ``DeviceMotion/MagneticFieldCalibrationAccuracy/high``'s.
  func confirmationCapped(_ accuracy: DeviceMotion.MagneticFieldCalibrationAccuracy)
    -> DeviceMotion.MagneticFieldCalibrationAccuracy
  {
    leastSquares.rotationCoverage < Self.minimumRotationCoverage ? min(accuracy, .medium) : accuracy
  }
}
