/// The solution of the inverse geodesic problem between two points.
public struct GeodesicSolution: Hashable, Sendable {
  /// Length of the shortest geodesic, metres.
  public var distance: Double
  /// Azimuth of the geodesic at the start, degrees clockwise from true north, 0..<360.
  public var initialBearing: Double
  /// Azimuth of the geodesic at the end (the direction of travel on arrival), degrees 0..<360.
  public var finalBearing: Double

  /// Creates a solution; `distance` in metres, bearings in degrees.
  public init(distance: Double, initialBearing: Double, finalBearing: Double) {
    self.distance = distance
    self.initialBearing = initialBearing
    self.finalBearing = finalBearing
  }
}
