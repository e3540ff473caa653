// A device-fixed disturbance that switches (a motor's current, a relay) moves the magnetometer
// between calibrations the calibrator has already learned: it returns to the previous one as soon as
// that one explains the field again, instead of relearning it.
extension MagnetometerCalibrator {
  /// Consecutive disturbed steps (each one step of rotation) the previous calibration must explain
  /// before it is used again: a few degrees of turning in which the field's strength and dip match it.
  static let switchBackAfter = 8

  /// Keeps a calibration as the one to switch back to, if it is a confirmed one with a known field.
  mutating func keepAsPrevious(_ calibration: MagnetometerCalibration) {
    guard calibration.accuracy >= .medium, calibration.fieldStrength > 0 else { return }
    previous = calibration
  }

  /// For a step the calibration in use calls disturbed (raw field in µT, `up` the frame's vertical
  /// in device axes, `steps` the steps of rotation it counts as): whether the previous calibration explains it, and if it has for
  /// ``switchBackAfter`` steps in a row, switches to it (the one in use becomes the previous one).
  /// The least squares restarts, since its samples belong to the other calibration.
  mutating func switchesBack(_ raw: SIMD3<Double>, up: SIMD3<Double>, steps: Int = 1) -> Bool {
    guard let previous else { return false }
    let correction = Matrix3(previous.softIronCorrection)
    guard !isDisturbed(correction * (raw - previous.hardIron), up: up, under: previous) else {
      previousExplains = 0
      return false
    }
    previousExplains += steps
    guard previousExplains >= Self.switchBackAfter else { return true }
    let current = calibration
    calibration = previous
    setCorrection(previous)
    explainedResidual = nil
    self.previous = nil
    keepAsPrevious(current)
    previousExplains = 0
    consecutiveDisturbed = 0
    leastSquares.reset()
    samplesSinceFit = 0
    fitBackoff = 0
    inUseIsOwnFit = false
    fittedHeading = nil
    return true
  }
}
