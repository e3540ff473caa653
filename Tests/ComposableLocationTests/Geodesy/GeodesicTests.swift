import ComposableLocation
import Testing

/// Vincenty's published examples (Survey Review XXIII, 176, 1975) and known WGS-84 lengths.
@Suite struct GeodesicTests {
  static let bessel = Geodesic(equatorialRadius: 6_377_397.155, flattening: 1 / 299.152_812_8)
  static let international = Geodesic(equatorialRadius: 6_378_388, flattening: 1 / 297)

  struct Example: Sendable, CustomTestStringConvertible {
    var name: String
    var ellipsoid: Geodesic
    var latitude1: Double
    var latitude2: Double
    var longitude: Double
    var distance: Double
    var initialBearing: Double
    var finalBearing: Double
    var testDescription: String { name }
  }

  static func dms(_ d: Double, _ m: Double, _ s: Double) -> Double {
    let sign: Double = d < 0 || (d == 0 && m < 0) ? -1 : 1
    return sign * (abs(d) + abs(m) / 60 + abs(s) / 3600)
  }

  static let vincenty: [Example] = [
    Example(
      name: "(a) Bessel", ellipsoid: bessel, latitude1: dms(55, 45, 0), latitude2: dms(-33, 26, 0),
      longitude: dms(108, 13, 0), distance: 14_110_526.170,
      initialBearing: dms(96, 36, 8.79960), finalBearing: dms(137, 52, 22.01454)),
    Example(
      name: "(b) International", ellipsoid: international, latitude1: dms(37, 19, 54.95367),
      latitude2: dms(26, 7, 42.83946), longitude: dms(41, 28, 35.50729), distance: 4_085_966.703,
      initialBearing: dms(95, 27, 59.63089), finalBearing: dms(118, 5, 58.96161)),
    Example(
      name: "(c) International", ellipsoid: international, latitude1: dms(35, 16, 11.24862),
      latitude2: dms(67, 22, 14.77638), longitude: dms(137, 47, 28.31435), distance: 8_084_823.839,
      initialBearing: dms(15, 44, 23.74850), finalBearing: dms(144, 55, 39.92147)),
    Example(
      name: "(d) near-antipodal", ellipsoid: international, latitude1: dms(1, 0, 0),
      latitude2: dms(0, -59, 53.83076), longitude: dms(179, 17, 48.02997), distance: 19_960_000.000,
      initialBearing: dms(89, 0, 0), finalBearing: dms(91, 0, 6.11733)),
    Example(
      name: "(e) near-antipodal", ellipsoid: international, latitude1: dms(1, 0, 0),
      latitude2: dms(1, 1, 15.18952), longitude: dms(179, 46, 17.84244), distance: 19_780_006.558,
      initialBearing: dms(4, 59, 59.99995), finalBearing: dms(174, 59, 59.88481)),
  ]

  @Test("Vincenty's published inverse examples", arguments: vincenty)
  func vincentyExamples(_ example: Example) throws {
    let solution = try example.ellipsoid.inverse(
      from: Coordinate(latitude: example.latitude1, longitude: 0),
      to: Coordinate(latitude: example.latitude2, longitude: example.longitude)
    )
    // Vincenty's tables are rounded to 1 mm and 0.00001″. In the near-antipodal case (d) his
    // truncated series is itself 0.00103″ off in azimuth (GeographicLib agrees with us there).
    let arcseconds = example.name.hasPrefix("(d)") ? 0.0011 : 0.0001
    #expect(abs(solution.distance - example.distance) < 0.001)
    #expect(abs(solution.initialBearing - example.initialBearing) * 3600 < arcseconds)
    #expect(abs(solution.finalBearing - example.finalBearing) * 3600 < arcseconds)
  }

  @Test func wgs84QuarterMeridianAndEquator() throws {
    let pole = try Geodesic.wgs84.inverse(
      from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 90, longitude: 0))
    #expect(abs(pole.distance - 10_001_965.729) < 0.001)
    #expect(pole.initialBearing < 1e-9)
    let equator = try Geodesic.wgs84.inverse(
      from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 0, longitude: 90))
    #expect(abs(equator.distance - 6_378_137 * Double.pi / 2) < 0.001)
    #expect(abs(equator.initialBearing - 90) < 1e-9)
  }

  /// Reference values from GeographicLib 2 (Karney's algorithm) on WGS-84: s12, azi1, azi2.
  @Test(
    "Near-antipodal WGS-84 geodesics match Karney's GeographicLib",
    arguments: [
      (0.0, 0.0, 0.0, 179.9, 20_003_008.42150941, 9.545672694738908, 170.4543273052611),
      (0.0, 0.0, 0.5, 179.5, 19_936_288.578965314, 25.67187286829188, 154.3270854699416),
      (-30.0, 0.0, 29.9, 179.8, 19_989_832.82760953, 161.89052473632697, 18.0907372457395),
      (
        56.216593333, -3.111925, 41.57497236, -93.750556673, 6_338_498.217916432,
        296.72132551544667, 221.6423529704448
      ),
    ])
  func karney(
    _ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double,
    _ distance: Double, _ azimuth1: Double, _ azimuth2: Double
  ) throws {
    let solution = try Geodesic.wgs84.inverse(
      from: Coordinate(latitude: lat1, longitude: lon1),
      to: Coordinate(latitude: lat2, longitude: lon2))
    #expect(abs(solution.distance - distance) < 1e-5)
    #expect(abs(solution.initialBearing - azimuth1) < 1e-9)
    #expect(abs(solution.finalBearing - azimuth2) < 1e-9)
  }

  @Test("Exactly antipodal points: the half meridian, over a pole, without hanging")
  func antipodal() throws {
    for (latitude, longitude) in [(0.0, 0.0), (10.0, 20.0), (-45.0, 170.0), (89.9, -3.0)] {
      let solution = try Geodesic.wgs84.inverse(
        from: Coordinate(latitude: latitude, longitude: longitude),
        to: Coordinate(
          latitude: -latitude, longitude: longitude > 0 ? longitude - 180 : longitude + 180)
      )
      #expect(abs(solution.distance - 20_003_931.4586) < 0.001, "from (\(latitude), \(longitude))")
    }
  }

  @Test("Equatorial points past (1 − f)·180° leave the equator")
  func equatorialNearAntipodal() throws {
    let along = try Geodesic.wgs84.inverse(
      from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 0, longitude: 179))
    #expect(abs(along.distance - 6_378_137 * 179 * Double.pi / 180) < 0.001)
    let over = try Geodesic.wgs84.inverse(
      from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 0, longitude: 179.9))
    #expect(over.distance < 6_378_137 * 179.9 * Double.pi / 180)
    #expect(over.distance > 19_990_000 && over.distance < 20_003_931.4586)
    #expect(over.initialBearing < 90)
  }

  @Test func symmetricAndZero() throws {
    let a = Coordinate(latitude: 56.216593333, longitude: -3.111925)
    let b = Coordinate(latitude: 41.574972360, longitude: -93.750556673)
    let forward = try Geodesic.wgs84.inverse(from: a, to: b)
    let backward = try Geodesic.wgs84.inverse(from: b, to: a)
    #expect(abs(forward.distance - backward.distance) < 1e-6)
    #expect(
      abs(
        ((forward.finalBearing + 180).truncatingRemainder(dividingBy: 360))
          - backward.initialBearing) < 1e-9)
    #expect(try a.distance(to: a) == 0)
  }

  @Test func invalidCoordinatesThrow() {
    #expect(throws: LocationError.invalidCoordinate(Coordinate(latitude: 91, longitude: 0))) {
      try Coordinate(latitude: 91, longitude: 0).distance(to: Coordinate(latitude: 0, longitude: 0))
    }
    #expect(throws: LocationError.self) {
      try Coordinate(latitude: 0, longitude: .nan).distance(
        to: Coordinate(latitude: 0, longitude: 0))
    }
  }
}
