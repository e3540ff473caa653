import SensorsCore

extension Location {
  /// A fix for tests and previews with sensible defaults: a 3D fix at the Brandenburg Gate,
  /// 34 m above sea level, ±5 m horizontally and ±8 m vertically, standing still and heading
  /// north, at 2024-01-01T00:00:00Z. Name only what the test is about:
  ///
  /// ```swift
  /// let moving = Location.test(latitude: 52.5163, longitude: 13.3777, speed: 6.5, course: 90)
  /// ```
  ///
  /// - Parameters:
  ///   - latitude: degrees north (WGS-84), -90...90.
  ///   - longitude: degrees east (WGS-84), -180...180.
  ///   - altitude: metres above mean sea level.
  ///   - horizontalAccuracy: metres, a 95 % bound as gpsd reports it (see
  ///     ``Location/horizontalAccuracy``).
  ///   - verticalAccuracy: metres, a 95 % bound as gpsd reports it.
  ///   - speed: metres per second over ground.
  ///   - course: degrees clockwise from true north.
  ///   - timestamp: when the fix was taken.
  ///   - fix: the kind of fix.
  public static func test(
    latitude: Double = 52.516_275,
    longitude: Double = 13.377_704,
    altitude: Double? = 34,
    horizontalAccuracy: Double? = 5,
    verticalAccuracy: Double? = 8,
    speed: Double? = 0,
    course: Double? = 0,
    timestamp: Timestamp? = Timestamp(timeIntervalSince1970: 1_704_067_200),
    fix: FixKind = .threeDimensional
  ) -> Location {
    Location(
      coordinate: Coordinate(latitude: latitude, longitude: longitude), altitude: altitude,
      horizontalAccuracy: horizontalAccuracy, verticalAccuracy: verticalAccuracy, speed: speed,
      course: course, timestamp: timestamp, fix: fix)
  }
}
