#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// The soft-iron prior's weight, in the least squares' own units
// (``MagnetometerCalibrator/Parameters/softIronPriorAtEarthScale``).
//
// ``MagnetometerCalibrator/Parameters/equationNoise`` is the error of one sample relative to the
// Earth's field, and ``MagnetometerCalibrator/Parameters/softIronSpread`` the spread of the
// correction's entries, so one entry of the prior weighs as much as (noise × |e| / spread)²
// equations, |e| the Earth's field in the units the sums are kept in. Those units are the first
// raw field's strength (``MagnetometerCalibrator/scale``), and on a distorted magnetometer that
// includes the hard iron: with 60 µT of it the first raw field is 2–3 times the Earth's, and a
// weight taken as (noise / spread)² made the prior 4–9 times stronger than its spread says. On
// BROAD trial 02 (seed 1, first field 111 µT against the Earth's 44 µT) it held the x gain near 1
// (0.96 against the true 0.87) for 15 s after the second axis of rotation came, and every fit of
// the 45 s after that carried a heading bias of −2° to −5° while it claimed `high`; a batch fit of
// the same steps with the prior at the Earth's scale has none. It is not the default: the stronger
// prior holds the soft iron of the barely turning translation trials (10, 12, 15) near the identity,
// where the field's unevenness would otherwise leak in, and the cold mean is better with it.
extension MagnetometerCalibrator {
  /// The weight of the soft-iron prior (equations per entry) for an Earth's field of `earth`
  /// (normalized units: µT / ``scale``).
  func softIronPriorWeight(earth: Double) -> Double {
    let ratio = parameters.equationNoise * earth / parameters.softIronSpread
    return ratio * ratio
  }

  /// The Earth's field strength in normalized units the prior is weighed with before a solve: the
  /// last fit's, else the calibration's known strength, else the scale itself (1).
  var expectedEarth: Double {
    if let fitted = fittedEarth { return fitted }
    if calibration.fieldStrength > 0, scale > 0 { return calibration.fieldStrength / scale }
    return 1
  }

  /// Solves with all unknowns free, the prior weighed at the Earth's field the solution itself finds:
  /// if it differs from the expected one by more than 10 % (the weight by more than about 20 %), once
  /// more with the prior weighed at the solution's field. Remembers that field for the next fit.
  mutating func solveAll(
    _ sums: borrowing CalibrationLeastSquares.NormalEquations, at u: SIMD3<Double>,
    rotation: Matrix3
  ) -> CalibrationLeastSquares.Solution? {
    guard parameters.softIronPriorAtEarthScale else {
      return leastSquares.solve(
        sums, free: CalibrationLeastSquares.allUnknowns,
        fixed: CalibrationLeastSquares.noParameters,
        softIronPriorWeight: pow(parameters.equationNoise / parameters.softIronSpread, 2), at: u,
        rotation: rotation)
    }
    let expected = expectedEarth
    guard
      var solution = leastSquares.solve(
        sums, free: CalibrationLeastSquares.allUnknowns,
        fixed: CalibrationLeastSquares.noParameters,
        softIronPriorWeight: softIronPriorWeight(earth: expected), at: u, rotation: rotation)
    else { return nil }
    var earth = solution.earth.length
    if earth.isFinite, earth > 0, abs(earth - expected) > 0.1 * expected,
      let again = leastSquares.solve(
        sums, free: CalibrationLeastSquares.allUnknowns,
        fixed: CalibrationLeastSquares.noParameters,
        softIronPriorWeight: softIronPriorWeight(earth: earth), at: u, rotation: rotation)
    {
      solution = again
      earth = again.earth.length
    }
    if earth.isFinite, earth > 0 { fittedEarth = earth }
    return solution
  }
}
