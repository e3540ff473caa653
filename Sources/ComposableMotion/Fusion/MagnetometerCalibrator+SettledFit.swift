// A fit whose answer can change nothing is not solved. While the rotations seen are too few to
// trust a calibration beyond `low` (``confirmationCapped(_:)``), a fit can only replace the
// calibration in use or confirm it at `low` again; and it can replace it only if the calibration
// in use explains the steps worse than ``Parameters/improvementRatio`` times the noise the model
// expects. The residual of the calibration in use (with its best Earth's field and delay: a solve
// of 4 unknowns) tells that at a sixth of the cost of the full fit (15 unknowns), which on a
// magnetometer that needs no correction (the identity confirmed, turning about one axis) is most of
// the calibrator's work in its first seconds.
extension MagnetometerCalibrator {
  /// How far the fitted field's strength may differ between the full fit and the calibration in
  /// use's own solve before the shortcut leaves the decision to the full fit: the noise the model
  /// expects is taken 10 % smaller than the one the full fit would compare with.
  static let settledNoiseMargin = 0.9

  /// For a fit about to be solved from `sums` (`u` the newest raw field in normalized units, at
  /// `rotation`): whether it can change nothing, and the calibration in use has been confirmed
  /// again without it (its residual and the rotations' spread updated as a confirming fit does).
  mutating func confirmsSettled(
    _ sums: borrowing CalibrationLeastSquares.NormalEquations, at u: SIMD3<Double>,
    rotation: Matrix3, softIronPriorWeight: Double
  ) -> Bool {
    // Only a calibration the rotations cap at `low`, that is already `low`, and not the fit's own
    // (a fit to its samples refines it, and is always adopted).
    guard !inUseIsOwnFit, calibration.accuracy == .low, confirmationCapped(.high) == .low else {
      return false
    }
    let inUse = trace(correction)
    guard inUse > 0 else { return false }
    let s = 3 / inUse
    let held = CalibrationLeastSquares.parameters(
      soft: correction.scaled(s), offset: -correctedOffset * (s / scale), delay: 0)
    guard
      let refit = leastSquares.solve(
        sums, free: CalibrationLeastSquares.earthAndDelayUnknowns, fixed: held,
        softIronPriorWeight: softIronPriorWeight, at: u, rotation: rotation),
      refit.residualVariance.isFinite
    else { return false }
    let noise = Self.settledNoiseMargin * parameters.equationNoise * refit.earth.length
    guard refit.residualVariance <= parameters.improvementRatio * noise * noise else {
      return false
    }
    explainedResidual = refit.residualVariance.squareRoot() / max(refit.earth.length, 1e-9)
    unexposedErrorGain = 1 / leastSquares.rotationSpread.y.squareRoot()
    return true
  }
}
