#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A point on or above the WGS84 ellipsoid in geocentric spherical coordinates, the frame the
/// spherical-harmonic expansion works in (WMM2025 report, section 1.2, equations 7–8).
struct GeocentricPosition: Sendable {
  /// WGS84 semi-major axis, km.
  static let semiMajorAxis = 6378.137
  /// WGS84 flattening.
  static let flattening = 1 / 298.257223563
  /// WGS84 first eccentricity squared.
  static let eccentricitySquared = flattening * (2 - flattening)

  /// Distance from the Earth's centre, km.
  var radius: Double
  /// Sine of the geocentric latitude.
  var sinLatitude: Double
  /// Cosine of the geocentric latitude (≥ 0; 0 at a geographic pole).
  var cosLatitude: Double
  /// Geodetic minus geocentric latitude, radians: the angle that turns the geocentric field
  /// components back into the geodetic (local) north and down.
  var latitudeCorrection: Double

  /// - Parameters:
  ///   - latitude: geodetic latitude, radians.
  ///   - height: height above the WGS84 ellipsoid, km.
  init(geodeticLatitude latitude: Double, height: Double) {
    let sinPhi = sin(latitude)
    let cosPhi = cos(latitude)
    // Radius of curvature in the prime vertical.
    let primeVertical =
      Self.semiMajorAxis / (1 - Self.eccentricitySquared * sinPhi * sinPhi).squareRoot()
    let p = (primeVertical + height) * cosPhi
    let z = (primeVertical * (1 - Self.eccentricitySquared) + height) * sinPhi
    let r = (p * p + z * z).squareRoot()
    radius = r
    sinLatitude = z / r
    cosLatitude = max(0, p / r)
    latitudeCorrection = latitude - atan2(z, p)
  }
}
