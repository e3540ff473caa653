import Geomagnetism

extension Location {
  /// The fix as the position true north and the World Magnetic Model need: latitude and
  /// longitude, the height above the WGS84 ellipsoid (``ellipsoidalAltitude``, else the altitude
  /// above mean sea level plus ``geoidSeparation``, else the altitude, else 0), the fix's time,
  /// and gpsd's magnetic variation. Nil for a fix without a usable coordinate.
  ///
  /// ```swift
  /// case .location(.locationsUpdated(let locations)):
  ///   guard let position = locations.last?.geographicPosition else { return .none }
  ///   return .run { _ in try? motion.setLocation(position) }
  /// ```
  public var geographicPosition: GeographicPosition? {
    let (latitude, longitude) = (coordinate.latitude, coordinate.longitude)
    guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 360 else {
      return nil
    }
    let height =
      ellipsoidalAltitude ?? altitude.map { $0 + (geoidSeparation ?? 0) } ?? 0
    return GeographicPosition(
      latitude: latitude, longitude: longitude, altitude: height.isFinite ? height : 0,
      timestamp: timestamp, magneticVariation: magneticVariation)
  }
}
