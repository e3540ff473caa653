import SensorsCore

/// Where the device is, for true north: a geodetic position and, when the source knows one, the
/// magnetic variation it reports (gpsd's `magvar`).
///
/// ComposableLocation builds one from a fix (`Location.geographicPosition`); an app without a
/// receiver builds one by hand. ComposableMotion takes it (`MotionClient.setLocation`) to turn
/// magnetic-north attitudes into true-north ones, without either module importing the other.
public struct GeographicPosition: Sendable, Hashable, Codable {
  /// Geodetic latitude, degrees north (WGS84).
  public var latitude: Double
  /// Longitude, degrees east (WGS84).
  public var longitude: Double
  /// Height above the WGS84 ellipsoid, metres (a GNSS receiver's `altHAE`); 0 when unknown.
  public var altitude: Double
  /// When the position was measured (UTC), or nil for "now".
  public var timestamp: Timestamp?
  /// The magnetic variation the source reports, degrees east (gpsd `magvar`), or nil.
  public var magneticVariation: Double?

  /// A position; angles in degrees, altitude in metres above the WGS84 ellipsoid.
  public init(
    latitude: Double, longitude: Double, altitude: Double = 0, timestamp: Timestamp? = nil,
    magneticVariation: Double? = nil
  ) {
    self.latitude = latitude
    self.longitude = longitude
    self.altitude = altitude
    self.timestamp = timestamp
    self.magneticVariation = magneticVariation
  }

  /// The magnetic declination here, degrees east: the model's at the position's time (or `now`
  /// when it has none). When the model cannot answer (a date or place outside it) the source's
  /// own ``magneticVariation`` is used if there is one; otherwise the model's error is thrown.
  public func magneticDeclination(
    model: WorldMagneticModel = .wmm2025, now: Timestamp = .now()
  ) throws(GeomagneticError) -> Double {
    do {
      return try model.field(
        latitude: latitude, longitude: longitude, altitude: altitude, at: timestamp ?? now
      ).declination
    } catch {
      guard let variation = magneticVariation, variation.isFinite, abs(variation) <= 180 else {
        throw error
      }
      return variation
    }
  }
}
