import Foundation

/// The inverse problem moved to a canonical position (internal helper of ``Geodesic``).
///
/// By symmetry any pair of points can be swapped and reflected so that the first point is
/// the one farther from the equator, in the southern hemisphere, and the second lies east of
/// it by 0…180°. The solution is then mapped back by undoing the same moves on the azimuths.
struct CanonicalProblem {
  /// Latitudes in radians after canonicalisation: latitude1 ≤ 0, |latitude2| ≤ |latitude1|.
  let latitude1: Double
  let latitude2: Double
  /// Longitude difference in radians, 0…π.
  let longitude: Double
  private let swapped: Bool
  private let latitudeSign: Double
  private let longitudeSign: Double

  init(start: Coordinate, end: Coordinate) {
    var difference = (end.longitude - start.longitude).truncatingRemainder(dividingBy: 360)
    if difference > 180 { difference -= 360 }
    if difference <= -180 { difference += 360 }
    longitude = abs(difference) * .pi / 180
    var lat1 = start.latitude
    var lat2 = end.latitude
    swapped = abs(lat1) < abs(lat2)
    if swapped { swap(&lat1, &lat2) }
    // Swapping the ends also reverses the direction of the longitude difference.
    longitudeSign = (difference < 0) != swapped ? -1 : 1
    latitudeSign = lat1 > 0 ? -1 : 1
    latitude1 = latitudeSign * lat1 * .pi / 180
    latitude2 = latitudeSign * lat2 * .pi / 180
  }

  /// Maps canonical azimuths (radians) back to the caller's points, in degrees 0..<360.
  func solution(distance: Double, alpha1: Double, alpha2: Double) -> GeodesicSolution {
    var (s1, c1) = (sin(alpha1), cos(alpha1))
    var (s2, c2) = (sin(alpha2), cos(alpha2))
    if swapped {
      // Travelling the other way turns each azimuth by 180° and exchanges the ends.
      (s1, c1, s2, c2) = (-s2, -c2, -s1, -c1)
    }
    s1 *= longitudeSign
    s2 *= longitudeSign
    c1 *= latitudeSign
    c2 *= latitudeSign
    return GeodesicSolution(
      distance: distance,
      initialBearing: Self.degrees(atan2(s1, c1)),
      finalBearing: Self.degrees(atan2(s2, c2))
    )
  }

  private static func degrees(_ radians: Double) -> Double {
    let value = radians * 180 / .pi
    let wrapped = value < 0 ? value + 360 : value
    return wrapped >= 360 ? wrapped - 360 : wrapped
  }
}
