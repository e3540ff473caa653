#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// The fit: solving the least squares the learned steps hold, and deciding what the answer does to the
// calibration in use (adopt it, let it confirm the one in use, or decline it).
extension MagnetometerCalibrator {
  /// Fits the samples learned so far (`raw`, µT, the newest, and `rotation`, its orientation as a
  /// matrix, device → z-up frame) and adopts the fit, lets it confirm the calibration in use, or
  /// declines it (implausible, or not clearly better than the one in use).
  mutating func fit(_ raw: SIMD3<Double>, rotation: Matrix3) {
    let u = raw / scale
    let sums = leastSquares.normalEquations()
    if confirmsSettled(sums, at: u, rotation: rotation) { return }
    guard let solution = solveAll(sums, at: u, rotation: rotation),
      var candidate = calibration(from: solution)
    else { return }
    guard candidate.accuracy > .uncalibrated else { return }
    guard isPlausible(candidate) else { return }
    let headingShift = removeUnsupportedHeadingRotation(
      &candidate,
      uncertainty: uncertainty(of: solution, residualVariance: solution.residualVariance),
      raw: raw, rotation: rotation)
    // A fit to the samples the calibration in use was fitted to (and more) simply refines it. Against
    // any other calibration (the identity, a restored one, the one kept over a restart), keep it unless
    // the fit explains the same samples clearly better: a fit always absorbs some of the noise and of the
    // field's unevenness, and chasing that makes a good calibration worse; residuals are compared per
    // degree of freedom, since a fit of 15 unknowns to few samples absorbs much of their noise. The
    // calibration in use gets
    // its best Earth's field and delay, as the fit does: a fit must not win only by modelling the lag
    // between the sensors, which a calibration does not correct.
    let inUse = trace(correction)
    if inUse > 0, !inUseIsOwnFit {
      let s = 3 / inUse
      guard let refit = refitInUse(sums, at: u, rotation: rotation)
      else { return }
      // The one in use must also explain them worse than the noise the model expects: one that is
      // within the noise has nothing left to correct, and a fit would only absorb the noise's and the
      // field's unevenness (a vibrating phone, the edge of a passed magnet).
      let noise = parameters.equationNoise * solution.earth.length
      guard
        refit.residualVariance > parameters.improvementRatio
          * max(solution.residualVariance, noise * noise)
      else {
        // The calibration in use explains these samples about as well as a fit to them: the fit
        // confirms it (the identity on an undistorted magnetometer, a restored calibration on its
        // own board), as far as the fit's own confidence and the residual of the one in use go.
        let confirmed = confirmationCapped(
          accuracy(
            directionError: solution.headingVariance.squareRoot() * 180 / Double.pi,
            residual: refit.residualVariance.squareRoot() / max(refit.earth.length, 1e-9)))
        if confirmed > calibration.accuracy { calibration.accuracy = confirmed }
        // The confirmed calibration's Earth's field gates disturbances from now on: samples a world-
        // fixed magnet or a switched motor bends are not learned from.
        let earth = refit.earth * (scale / s)
        if calibration.accuracy >= .medium, earth.length > 0, earth.length.isFinite {
          calibration.fieldStrength = earth.length
          calibration.dip = asin(max(-1, min(1, -earth.z / earth.length))) * 180 / Double.pi
          gateSines = dipGateSines(calibration)
          phase = .refining
        }
        headingUncertainty = uncertainty(of: solution, residualVariance: refit.residualVariance)
        explainedResidual = refit.residualVariance.squareRoot() / max(refit.earth.length, 1e-9)
        unexposedErrorGain = 1 / leastSquares.rotationSpread.y.squareRoot()
        return
      }
    }
    if candidate.accuracy < calibration.accuracy {
      // One worse fit may be a disturbance slipping through; several in a row are the new truth.
      declinedFits += 1
      fitBackoff = 0
      guard declinedFits >= 8 else { return }
    }
    declinedFits = 0
    let before = corrected(raw)
    if !inUseIsOwnFit { keepAsPrevious(calibration) }
    previousExplains = 0
    calibration = candidate
    setCorrection(candidate)
    phase = .refining
    inUseIsOwnFit = true
    let earth = solution.earth
    fittedHeading =
      earth.x * earth.x + earth.y * earth.y > 0
      ? (wrapAngle(atan2(earth.x, earth.y) + headingShift), leastSquares.weight) : nil
    adoptedFitCount += 1
    headingUncertainty = uncertainty(of: solution, residualVariance: solution.residualVariance)
    explainedResidual = solution.residualVariance.squareRoot() / max(solution.earth.length, 1e-9)
    unexposedErrorGain = 1 / leastSquares.rotationSpread.y.squareRoot()
    let after = corrected(raw)
    let product = before.length * after.length
    if product > 0 {
      let cosine = dot(before, after) / product
      let ratio = after.length / before.length
      changedNoticeably = cosine < cos(Double.pi / 180) || abs(ratio - 1) > 0.03
    }
  }
}
