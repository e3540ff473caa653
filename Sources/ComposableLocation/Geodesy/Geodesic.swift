/// Geodesics on an ellipsoid of revolution: distance and bearings between two points (the
/// inverse problem) and the point reached from a start, bearing and distance (the direct one).
///
/// The algorithms are Karney's ("Algorithms for geodesics", J. Geodesy 87, 2013), the method
/// of GeographicLib: series in the third flattening to sixth order and Newton's method on the
/// start azimuth, seeded by the astroid for nearly antipodal points. Results agree with
/// GeographicLib to about 15 nanometres everywhere on the Earth, including points a hair off
/// the equator and antipodal pairs, where Vincenty's method fails or loses accuracy.
public struct Geodesic: Hashable, Sendable {
  /// Equatorial radius, metres.
  public let equatorialRadius: Double
  /// Flattening, (a − b) / a.
  public let flattening: Double
  private let ellipsoid: Ellipsoid

  /// Creates an ellipsoid from its equatorial radius (metres) and flattening.
  ///
  /// Use a positive radius and a flattening below 1 (a sphere has flattening 0; a prolate
  /// ellipsoid a negative one); other values give NaN results.
  public init(equatorialRadius: Double, flattening: Double) {
    self.equatorialRadius = equatorialRadius
    self.flattening = flattening
    ellipsoid = Ellipsoid(a: equatorialRadius, f: flattening)
  }

  /// The WGS-84 ellipsoid used by GPS.
  public static let wgs84 = Geodesic(equatorialRadius: 6_378_137, flattening: 1 / 298.257_223_563)

  /// Solves the inverse problem: the shortest geodesic from `start` to `end`.
  ///
  /// - Throws: ``LocationError/invalidCoordinate(_:)`` when a coordinate is out of range.
  public func inverse(from start: Coordinate, to end: Coordinate) throws(LocationError)
    -> GeodesicSolution
  {
    guard start.isValid else { throw .invalidCoordinate(start) }
    guard end.isValid else { throw .invalidCoordinate(end) }
    let result = ellipsoid.inverse(start.latitude, start.longitude, end.latitude, end.longitude)
    return GeodesicSolution(
      distance: result.distance,
      initialBearing: Self.bearing(result.salp1, result.calp1),
      finalBearing: Self.bearing(result.salp2, result.calp2)
    )
  }

  /// Solves the direct problem: where a geodesic leaving `start` on `bearing` ends after
  /// `distance`.
  ///
  /// - Parameters:
  ///   - start: The starting point.
  ///   - bearing: The initial azimuth, degrees clockwise from true north (any finite value).
  ///   - distance: The length to travel along the geodesic, metres; negative goes backwards.
  /// - Throws: ``LocationError/invalidCoordinate(_:)`` when `start` is out of range,
  ///   ``LocationError/invalidGeodesic(bearing:distance:)`` when `bearing` or `distance` is
  ///   not finite.
  public func direct(from start: Coordinate, bearing: Double, distance: Double)
    throws(LocationError) -> GeodesicDestination
  {
    guard start.isValid else { throw .invalidCoordinate(start) }
    guard bearing.isFinite, distance.isFinite else {
      throw .invalidGeodesic(bearing: bearing, distance: distance)
    }
    let result = ellipsoid.direct(
      start.latitude, start.longitude, azimuth: bearing, distance: distance)
    return GeodesicDestination(
      coordinate: Coordinate(latitude: result.latitude, longitude: result.longitude),
      finalBearing: Self.bearing(result.salp2, result.calp2)
    )
  }

  /// Two ellipsoids are equal when their radius and flattening are.
  public static func == (lhs: Geodesic, rhs: Geodesic) -> Bool {
    lhs.equatorialRadius == rhs.equatorialRadius && lhs.flattening == rhs.flattening
  }

  /// Hashes the radius and flattening.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(equatorialRadius)
    hasher.combine(flattening)
  }

  /// An azimuth from its sine and cosine, degrees in 0..<360.
  private static func bearing(_ s: Double, _ c: Double) -> Double {
    let degrees = AngleMath.atan2Degrees(s, c)
    let wrapped = degrees < 0 ? degrees + 360 : degrees + 0
    return wrapped >= 360 ? wrapped - 360 : wrapped
  }
}
