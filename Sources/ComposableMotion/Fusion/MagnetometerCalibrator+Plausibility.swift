// Fits no plausible device in no plausible place explains are not adopted: before the device has
// turned about two axes, part of a fit is unobservable, and the least squares can explain the few
// samples seen with a correction that squeezes one axis fourfold and a field of 75 µT (trial 33 of
// BROAD, a magnet attached before the first movement). Neither a magnetometer nor the Earth is like
// that; the identity (or the calibration in use) stays until a fit is.
extension MagnetometerCalibrator {
  /// The default of ``Parameters/largestAnisotropy``: 2. A magnetometer's axes differ in gain by a
  /// few percent, and the soft iron of a board or a phone bends the field's sphere by tens of
  /// percent at most (a distortion with gains 0.85–1.15 and cross-coupling ±0.08 stretches one
  /// direction at most 1.5 times as much as another); a correction twice as strong in one
  /// direction as in another is a fit leaning on a direction the rotations have not shown.
  public static let largestPlausibleAnisotropy = 2.0

  /// Whether a candidate fit is one a real magnetometer in a real place gives: its soft iron within
  /// ``Parameters/largestAnisotropy`` and its field one ``fieldPrior`` admits. Counts the others in
  /// ``implausibleFitCount``, and lets the next fit come at once (no back-off).
  mutating func isPlausible(_ candidate: MagnetometerCalibration) -> Bool {
    let anisotropy = Matrix3(candidate.softIronCorrection).anisotropy
    if anisotropy <= parameters.largestAnisotropy,
      fieldPrior.admits(strength: candidate.fieldStrength, dip: candidate.dip)
    {
      return true
    }
    implausibleFitCount += 1
    fitBackoff = 0
    return false
  }
}
