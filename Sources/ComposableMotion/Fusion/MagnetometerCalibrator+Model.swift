#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// The calibrator's model: what a least-squares solution means as a calibration, how far it can be
// trusted, and which samples its Earth's field calls disturbed. The small ones are inlined: called
// from a mutating method, a non-mutating one got a copy of the whole calibrator (about 2 kB) first.
extension MagnetometerCalibrator {
  /// Whether a corrected field's strength or dip is far from the learned Earth's field of the
  /// calibration in use (`up` is the frame's vertical in device axes).
  @inline(__always)
  func isDisturbed(_ field: SIMD3<Double>, up: SIMD3<Double>) -> Bool {
    isDisturbed(field, up: up, strength: calibration.fieldStrength, sines: gateSines)
  }

  /// Whether a field corrected by `other` is far from that calibration's Earth's field.
  @inline(__always)
  func isDisturbed(
    _ field: SIMD3<Double>, up: SIMD3<Double>, under other: MagnetometerCalibration
  ) -> Bool {
    isDisturbed(field, up: up, strength: other.fieldStrength, sines: dipGateSines(other))
  }

  /// Whether a field's strength is more than the gate from `reference` (µT), or its dip's sine
  /// outside `sines`. The dip is within the gate of the reference's when its sine is within the sines
  /// of the gate's ends (asin is increasing): no arcsine per sample.
  @inline(__always)
  private func isDisturbed(
    _ field: SIMD3<Double>, up: SIMD3<Double>, strength reference: Double, sines: SIMD2<Double>
  ) -> Bool {
    let strength = field.length
    guard strength > 0 else { return true }
    guard abs(strength - reference) <= parameters.strengthGate * reference else { return true }
    let sine = -dot(field, up) / strength
    return sine < sines.x || sine > sines.y
  }

  /// The sines of the lowest and highest dip the gate lets through around a calibration's dip.
  @inline(__always)
  func dipGateSines(_ calibration: MagnetometerCalibration) -> SIMD2<Double> {
    let degree = Double.pi / 180
    return SIMD2(
      sin(max(calibration.dip - parameters.dipGate, -90) * degree),
      sin(min(calibration.dip + parameters.dipGate, 90) * degree))
  }

  /// The calibration a solution describes, in µT, with the accuracy its confidence earns; `nil` if it is
  /// not a plausible calibration (a reflection, a singular or huge correction).
  func calibration(from solution: CalibrationLeastSquares.Solution)
    -> MagnetometerCalibration?
  {
    let k = solution.soft
    let determinant = dot(k.r0, cross(k.r1, k.r2))
    guard determinant > 1e-6, determinant.isFinite else { return nil }
    // Volume-preserving: the corrected field's strength is the ellipsoid's mean radius.
    let factor = 1 / cbrt(determinant)
    let soft = k.scaled(factor)
    let earth = solution.earth * factor * scale
    let offset = solution.offset * factor * scale
    guard let inverse = soft.inverse else { return nil }
    let hardIron = -(inverse * offset)
    let strength = earth.length
    guard strength > 0, strength.isFinite,
      max(abs(hardIron.x), abs(hardIron.y), abs(hardIron.z))
        <= MagnetometerCalibration.largestHardIron,
      largestMagnitude(soft) <= MagnetometerCalibration.largestCorrection
    else { return nil }
    let normalizedStrength = solution.earth.length
    let directionError = solution.headingVariance.squareRoot() * 180 / Double.pi
    let residual = solution.residualVariance.squareRoot() / normalizedStrength
    return MagnetometerCalibration(
      hardIron: hardIron,
      softIronCorrection: .init(x: soft.r0, y: soft.r1, z: soft.r2),
      accuracy: coverageCapped(accuracy(directionError: directionError, residual: residual)),
      fieldStrength: strength,
      dip: asin(max(-1, min(1, -earth.z / strength))) * 180 / Double.pi)
  }

  @inline(__always)
  func accuracy(directionError: Double, residual: Double)
    -> DeviceMotion.MagneticFieldCalibrationAccuracy
  {
    guard directionError.isFinite, residual.isFinite else { return .uncalibrated }
    let d = parameters.directionErrorLimits
    let r = parameters.residualLimits
    if directionError <= d.high && residual <= r.high { return .high }
    if directionError <= d.medium && residual <= r.medium { return .medium }
    if directionError <= d.low && residual <= r.low { return .low }
    return .uncalibrated
  }

  /// One standard deviation of a solution's heading, in degrees, for a residual variance (normalized
  /// units²) of at least ``Parameters/equationNoise`` squared.
  @inline(__always)
  func uncertainty(
    of solution: CalibrationLeastSquares.Solution, residualVariance: Double
  ) -> Double {
    let noise = parameters.equationNoise * solution.earth.length
    let variance = max(residualVariance, noise * noise) * solution.headingSensitivity
    return variance.isFinite ? variance.squareRoot() * 180 / Double.pi : 180
  }

  /// An accuracy no better than ``DeviceMotion/MagneticFieldCalibrationAccuracy/low`` while the
  /// rotations seen leave the offset along some axis unobservable
  /// (``CalibrationLeastSquares/rotationCoverage`` under ``minimumRotationCoverage``): the fit's own
  /// covariance, taken at the current orientation, cannot see that error, which shows once the
  /// device turns about another axis.
  func coverageCapped(_ accuracy: DeviceMotion.MagneticFieldCalibrationAccuracy)
    -> DeviceMotion.MagneticFieldCalibrationAccuracy
  {
    leastSquares.rotationCoverage < Self.minimumRotationCoverage ? min(accuracy, .low) : accuracy
  }

  /// The rotation coverage (0…1) a fit needs to be trusted beyond
  /// ``DeviceMotion/MagneticFieldCalibrationAccuracy/low``.
  static let minimumRotationCoverage = 0.05

  func trace(_ m: Matrix3) -> Double { m.r0.x + m.r1.y + m.r2.z }

  /// The largest magnitude of a matrix's entries.
  func largestMagnitude(_ m: Matrix3) -> Double {
    let rows = SIMD3(
      max(abs(m.r0.x), abs(m.r0.y), abs(m.r0.z)), max(abs(m.r1.x), abs(m.r1.y), abs(m.r1.z)),
      max(abs(m.r2.x), abs(m.r2.y), abs(m.r2.z)))
    return max(rows.x, rows.y, rows.z)
  }
}
