/// The solution of the direct geodesic problem: where a geodesic ends, and its heading there.
public struct GeodesicDestination: Hashable, Sendable {
  /// The end point, degrees (longitude in −180…180).
  public var coordinate: Coordinate
  /// Azimuth of the geodesic at the end (the direction of travel on arrival), degrees 0..<360.
  public var finalBearing: Double

  /// Creates a destination; `coordinate` in degrees, `finalBearing` in degrees.
  public init(coordinate: Coordinate, finalBearing: Double) {
    self.coordinate = coordinate
    self.finalBearing = finalBearing
  }
}
