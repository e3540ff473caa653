// A field that changes faster than the device's own iron could make it change while the device
// turns is a disturbance of the world (a magnet passed, a motor switched on): its steps are not
// learned from, in every phase — also before any calibration is confirmed — and a change that lasts
// while the device keeps turning is the new environment, learned afresh.
extension MagnetometerCalibrator {
  /// The largest device-fixed error (µT) the calibration in use may still leave, from the residual
  /// the fit that checked it left (at least the noise the model expects), divided by how far that
  /// fit's rotations turned such an error (times ``unexposedErrorGain``): an error the device never
  /// turned leaves no residual. `nil` before any fit here checked it, or while its rotations turned
  /// nothing: the device's own error is then unknown (up to a few times the Earth's field), and
  /// nothing tells a world change from it. (Before the device has turned, a hard iron of 60 µT is
  /// a constant offset a confirmation of the identity cannot see; bounding it by that confirmation's
  /// residual called the first turns world changes and held them out for seconds.)
  func plausibleDeviceError(strength: Double) -> Double? {
    guard let residual = explainedResidual, residual.isFinite, unexposedErrorGain.isFinite else {
      return nil
    }
    return Self.errorPerResidual * max(residual, parameters.equationNoise) * strength
      * unexposedErrorGain
  }

  /// A device-fixed error of |δ| turned all round shows as a residual of |δ| / √3 per component (of
  /// |δ| √(s / 3) for a spread s of the orientations); the bound allows three times that: 3 √3.
  static let errorPerResidual = 3 * 3.0.squareRoot()

  /// Whether a step (raw field in µT, its orientation, `up` the frame's vertical in device axes) is a
  /// change of the field itself, for the calibration in use; after ``Parameters/relearnAfter`` such steps in a row the fit starts again
  /// (the environment or the device's magnetization changed for good).
  mutating func isWorldChange(
    _ raw: SIMD3<Double>, orientation: Quaternion, up: SIMD3<Double>, steps: Int = 1
  ) -> Bool {
    let strength = calibration.fieldStrength > 0 ? calibration.fieldStrength : scale
    guard strength > 0, let deviceError = plausibleDeviceError(strength: strength) else {
      worldChange.reset()
      return false
    }
    // Two block averages of independent samples each within ``Parameters/equationNoise`` of the
    // model: their difference stays within about four times it.
    let noise = 4 * parameters.equationNoise * strength
    let changed = worldChange.isChange(
      raw, orientation: orientation, noise: noise, deviceError: deviceError,
      correction: .init(
        softIron: Matrix3(calibration.softIronCorrection), hardIron: calibration.hardIron),
      steps: steps)
    guard changed else { return false }
    // A device-fixed disturbance that switches (a motor's current) may have switched to a calibration
    // known before: back to it once it explains the field for a few steps.
    let inUse = calibration
    if switchesBack(raw, up: up, steps: steps), calibration != inUse {
      worldChange.reset()
      return true
    }
    // A change that lasts while the device keeps turning is the new environment (or the device's new
    // iron): the fit starts again, keeping the calibration in use as the one to switch back to.
    if worldChange.heldSteps >= parameters.relearnAfter {
      worldChange.reset()
      restart()
    }
    return true
  }
}
