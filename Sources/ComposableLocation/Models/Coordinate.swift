/// A position on the WGS-84 ellipsoid, in degrees.
///
/// Latitude is positive north of the equator, longitude positive east of Greenwich. The
/// values are stored as given; use ``isValid`` before trusting a hand-built coordinate.
public struct Coordinate: Hashable, Sendable, Codable {
  /// Latitude in degrees, −90…90.
  public var latitude: Double
  /// Longitude in degrees, −180…180.
  public var longitude: Double

  /// Creates a coordinate from a latitude and longitude in degrees.
  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }

  /// Whether both values are finite and in range (latitude −90…90, longitude −180…180).
  public var isValid: Bool {
    latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
  }

  /// The geodesic distance in metres to `other` on the WGS-84 ellipsoid.
  ///
  /// - Throws: ``LocationError/invalidCoordinate(_:)`` when either coordinate is out of range.
  public func distance(to other: Coordinate) throws(LocationError) -> Double {
    try Geodesic.wgs84.inverse(from: self, to: other).distance
  }
}
