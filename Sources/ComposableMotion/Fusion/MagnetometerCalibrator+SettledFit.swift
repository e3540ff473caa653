// A fit whose answer can change nothing is not solved. While the rotations seen are too few to
// trust a calibration beyond `low` (``confirmationCapped(_:)``), a fit can only replace the
// calibration in use or confirm it at `low` again; and it can replace it only if the calibration
// in use explains the steps worse than ``Parameters/improvementRatio`` times the noise the model
// expects. The residual of the calibration in use (with its best Earth's field and delay: a solve
// of 4 unknowns) tells that at a sixth of the cost of the full fit (15 unknowns), which on a
// magnetometer that needs no correction (the identity confirmed, turning about one axis) is most of
// the calibrator's work in its first seconds.
extension MagnetometerCalibrator {
  /// The weakest field (µT) a full fit could give: the weakest Earth's field anywhere (22 µT),
  /// 30 % weaker for the sensor's gain and the building, 15 % for a soft iron's scale. The noise
  /// the full fit compares with is at least this field's share; the calibration in use's own
  /// Earth's field cannot stand for it, since it absorbs a hard iron the device has not turned
  /// through (and grows with it).
  static let weakestFittedField = 22 * 0.7 * 0.85

  /// For a fit about to be solved from `sums` (`u` the newest raw field in normalized units, at
  /// `rotation`): whether it can change nothing, and the calibration in use has been confirmed
  /// again without it (its residual and the rotations' spread updated as a confirming fit does).
  mutating func confirmsSettled(
    _ sums: borrowing CalibrationLeastSquares.NormalEquations, at u: SIMD3<Double>,
    rotation: Matrix3
  ) -> Bool {
    // Only a calibration the rotations cap at `low`, that is already `low`, and not the fit's own
    // (a fit to its samples refines it, and is always adopted).
    guard !inUseIsOwnFit, calibration.accuracy == .low, confirmationCapped(.high) == .low else {
      return false
    }
    guard let refit = refitInUse(sums, at: u, rotation: rotation) else { return false }
    let noise = parameters.equationNoise * Self.weakestFittedField / scale
    guard refit.residualVariance <= parameters.improvementRatio * noise * noise else {
      return false
    }
    explainedResidual = refit.residualVariance.squareRoot() / max(refit.earth.length, 1e-9)
    unexposedErrorGain = 1 / leastSquares.rotationSpread.y.squareRoot()
    settledFitCount += 1
    return true
  }

  /// The calibration in use (its correction scaled to trace 3) with its best Earth's field and
  /// delay on the learned steps: a solve of 4 unknowns; `nil` if the correction's trace is not
  /// positive or the solve fails.
  func refitInUse(
    _ sums: borrowing CalibrationLeastSquares.NormalEquations, at u: SIMD3<Double>,
    rotation: Matrix3
  ) -> CalibrationLeastSquares.Solution? {
    let inUse = trace(correction)
    guard inUse > 0 else { return nil }
    let s = 3 / inUse
    let held = CalibrationLeastSquares.parameters(
      soft: correction.scaled(s), offset: -correctedOffset * (s / scale), delay: 0)
    guard
      let refit = leastSquares.solve(
        sums, free: CalibrationLeastSquares.earthAndDelayUnknowns, fixed: held,
        softIronPriorWeight: 0, at: u, rotation: rotation),  // K is held: no prior on it
      refit.residualVariance.isFinite
    else { return nil }
    return refit
  }
}
