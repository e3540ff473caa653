import SensorsCore

/// A World Magnetic Model: the Earth's main field and its secular variation as a degree-12
/// spherical-harmonic expansion, evaluated the way NOAA's reference software evaluates it.
///
/// ``wmm2025`` is the model NOAA and the British Geological Survey published for 2025.0–2030.0
/// (public domain; coefficients embedded, no file to ship). Positions are geodetic (WGS84):
/// latitude and longitude in degrees, altitude in metres above the WGS84 ellipsoid (a GPS
/// receiver's height above the ellipsoid, not above mean sea level; the two differ by the geoid
/// height, up to about ±100 m, which moves the field by less than 0.1 nT).
///
/// ```swift
/// let field = try WorldMagneticModel.wmm2025.field(
///   latitude: 47.6205, longitude: -122.3493, altitude: 0, decimalYear: 2025.25)
/// // field.declination ≈ 15.07 (degrees east), field.totalIntensity ≈ 53_000 (nT)
/// ```
public struct WorldMagneticModel: Sendable {
  /// The model's name, e.g. `WMM-2025`.
  public let name: String
  /// The model's epoch, decimal year: its coefficients hold at this moment.
  public let epoch: Double
  /// The last moment the model covers, decimal year (epoch + 5 for the WMM).
  public let validUntil: Double
  /// Heights the model is defined for, metres above the WGS84 ellipsoid (NOAA: −1 km to 850 km).
  public let altitudeRange: ClosedRange<Double>
  let synthesis: SphericalHarmonicSynthesis

  /// WMM2025: epoch 2025.0, valid through 2030.0 (NOAA NCEI / BGS for NGA and DGC; public
  /// domain).
  public static let wmm2025 = WorldMagneticModel(
    name: "WMM-2025", epoch: 2025.0, validUntil: 2030.0, coefficients: wmm2025Coefficients)

  init(name: String, epoch: Double, validUntil: Double, coefficients: [GaussCoefficient]) {
    self.name = name
    self.epoch = epoch
    self.validUntil = validUntil
    altitudeRange = -1_000...850_000
    synthesis = SphericalHarmonicSynthesis(
      coefficients: coefficients, degree: 12, referenceRadius: 6371.2)
  }

  /// The field at a geodetic position and date, with its yearly rate of change.
  ///
  /// - Parameters:
  ///   - latitude: geodetic latitude, degrees north (−90…90; the poles themselves are fine).
  ///   - longitude: degrees east (−360…360).
  ///   - altitude: metres above the WGS84 ellipsoid (−1 km…850 km).
  ///   - decimalYear: the date as a decimal year (``decimalYear(year:month:day:)``), within
  ///     ``epoch``…``validUntil``.
  /// - Throws: ``GeomagneticError`` for any argument outside those ranges, NaN included.
  public func fieldAndChange(
    latitude: Double, longitude: Double, altitude: Double = 0, decimalYear: Double
  ) throws(GeomagneticError) -> (field: GeomagneticField, change: GeomagneticFieldChange) {
    guard latitude.isFinite, abs(latitude) <= 90 else {
      throw .latitudeOutOfRange(latitude)
    }
    guard longitude.isFinite, abs(longitude) <= 360 else {
      throw .longitudeOutOfRange(longitude)
    }
    guard altitude.isFinite, altitudeRange.contains(altitude) else {
      throw .altitudeOutOfRange(altitude, validRange: altitudeRange)
    }
    guard decimalYear.isFinite, decimalYear >= epoch, decimalYear <= validUntil else {
      throw .dateOutsideModel(
        decimalYear: decimalYear, model: name, validFrom: epoch, validUntil: validUntil)
    }
    let position = GeocentricPosition(
      geodeticLatitude: Angle.radians(degrees: latitude), height: altitude / 1000)
    let (geocentric, geocentricRate) = synthesis.evaluate(
      at: position, longitude: Angle.radians(degrees: longitude), years: decimalYear - epoch)
    let vector = geocentric.rotatedToGeodetic(by: position.latitudeCorrection)
    let rate = geocentricRate.rotatedToGeodetic(by: position.latitudeCorrection)
    let field = GeomagneticField(north: vector.north, east: vector.east, down: vector.down)
    let change = GeomagneticFieldChange(
      of: field, north: rate.north, east: rate.east, down: rate.down)
    return (field, change)
  }

  /// The field at a geodetic position and date; see
  /// ``fieldAndChange(latitude:longitude:altitude:decimalYear:)`` for units and ranges.
  public func field(
    latitude: Double, longitude: Double, altitude: Double = 0, decimalYear: Double
  ) throws(GeomagneticError) -> GeomagneticField {
    try fieldAndChange(
      latitude: latitude, longitude: longitude, altitude: altitude, decimalYear: decimalYear
    ).field
  }

  /// The field at a geodetic position at a moment (UTC); see
  /// ``fieldAndChange(latitude:longitude:altitude:decimalYear:)`` for units and ranges.
  public func field(
    latitude: Double, longitude: Double, altitude: Double = 0, at time: Timestamp
  ) throws(GeomagneticError) -> GeomagneticField {
    try field(
      latitude: latitude, longitude: longitude, altitude: altitude,
      decimalYear: Self.decimalYear(time))
  }
}
