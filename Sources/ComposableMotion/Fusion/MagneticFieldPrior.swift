import Geomagnetism
import SensorsCore

/// What a ``MagnetometerCalibrator`` may assume about the Earth's field where the device is: a fit
/// whose corrected field no such place has (its strength and dip) is not adopted.
///
/// A calibration is fitted from the rotations seen so far. Before the device has turned about two
/// axes, part of it is unobservable, and a fit can explain the few samples with a hard iron of
/// hundreds of µT and a field of 75 µT (a magnet attached before the first movement, for example):
/// no place on Earth has that field at that dip. Without a location the prior is Earth-wide
/// (``earthWide``): the strengths the World Magnetic Model gives for each dip anywhere on the
/// surface, widened by ``strengthTolerance``. With a location (``init(field:)``,
/// ``init(position:at:model:)``) it is the local field, to within the same tolerance and
/// ``dipTolerance``.
///
/// ```swift
/// let prior = try MagneticFieldPrior(
///   position: GeographicPosition(latitude: 52.51, longitude: 13.32), at: .now())
/// var calibrator = MagnetometerCalibrator(fieldPrior: prior)
/// ```
public struct MagneticFieldPrior: Sendable, Hashable {
  /// Where the field comes from.
  public enum Reference: Sendable, Hashable {
    /// Any place on the Earth's surface: each dip's range of strengths (WMM2025).
    case earthWide
    /// The field at the device's location: its strength in µT and dip in degrees (positive when
    /// it points below the horizon, as in the northern hemisphere).
    case local(strength: Double, dip: Double)
    /// No assumption: every fit is judged by the data alone (a magnetometer whose scale is
    /// unknown, a field far from the Earth's on purpose).
    case none
  }

  /// The field assumed.
  public var reference: Reference
  /// How far (relative, dimensionless) the corrected field's strength may stray from the
  /// reference's: a calibration keeps the strength the sensor measures (its scale error, up to
  /// 15 % on consumer parts, is not observable), and steel in a building moves the local field by
  /// a further 10–20 %. 0.3 by default.
  public var strengthTolerance: Double
  /// How far in degrees the corrected field's dip may stray from the reference's: indoor
  /// anomalies and the soft iron a fit cannot yet see tilt the field by a few degrees. 10 by
  /// default.
  public var dipTolerance: Double

  /// A prior with a reference and tolerances.
  ///
  /// - Parameters:
  ///   - reference: the field assumed.
  ///   - strengthTolerance: relative, dimensionless (0.3 = ±30 %).
  ///   - dipTolerance: degrees.
  public init(reference: Reference, strengthTolerance: Double = 0.3, dipTolerance: Double = 10) {
    self.reference = reference
    self.strengthTolerance = strengthTolerance
    self.dipTolerance = dipTolerance
  }

  /// Any field some place on the Earth's surface has (the default).
  public static let earthWide = MagneticFieldPrior(reference: .earthWide)

  /// No assumption about the field.
  public static let none = MagneticFieldPrior(reference: .none)

  /// The prior of a field the World Magnetic Model gives (intensities in nT, as
  /// `GeomagneticField` has them).
  public init(field: GeomagneticField) {
    self.init(reference: .local(strength: field.totalIntensity / 1000, dip: field.inclination))
  }

  /// The prior at a position and moment, from a geomagnetic model.
  ///
  /// - Parameters:
  ///   - position: where the device is (a `LocationClient` fix's `geographicPosition`, or one the
  ///     app knows); degrees and metres above the WGS84 ellipsoid.
  ///   - time: when (UTC); the position's own timestamp is not used, so a stored position can
  ///     serve for today.
  ///   - model: the model, WMM2025 by default.
  /// - Throws: `GeomagneticError` when the model cannot answer there or then (a date outside
  ///   the model's years, an altitude beyond its range).
  public init(
    position: GeographicPosition, at time: Timestamp, model: WorldMagneticModel = .wmm2025
  ) throws(GeomagneticError) {
    try self.init(
      field: model.field(
        latitude: position.latitude, longitude: position.longitude, altitude: position.altitude,
        at: time))
  }

  /// Whether a corrected field of `strength` µT and `dip` degrees is one the prior admits.
  /// Non-finite values are never admitted, except under ``Reference/none``.
  public func admits(strength: Double, dip: Double) -> Bool {
    // Bounds, not a `ClosedRange`: a `.local` strength that is NaN must not admit, nor trap.
    let (weakest, strongest): (Double, Double)
    switch reference {
    case .none:
      return true
    case _ where !(strength.isFinite && dip.isFinite && strength > 0):
      return false
    case .earthWide:
      guard let earth = EarthFieldEnvelope.strengths(dip: dip, tolerance: max(dipTolerance, 0))
      else { return false }
      (weakest, strongest) = (earth.lowerBound, earth.upperBound)
    case .local(let reference, let referenceDip):
      guard abs(dip - referenceDip) <= dipTolerance else { return false }
      (weakest, strongest) = (reference, reference)
    }
    let tolerance = max(strengthTolerance, 0)
    return strength >= weakest * (1 - tolerance) && strength <= strongest * (1 + tolerance)
  }
}
