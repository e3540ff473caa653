import Geomagnetism
import Testing

/// WMM2025 against NOAA's published test values: the first ten rows of `WMM2025_TestValues.txt`
/// (WMM2025COF.zip, NOAA NCEI, public domain). Columns: decimal year, height above the WGS84
/// ellipsoid (km), latitude, longitude (degrees), declination, inclination (degrees, printed to
/// 0.01), then H, X, Y, Z, F (nT, printed to 1e-6).
@Suite struct NOAATestValuesTests {
  struct Row: Sendable, CustomStringConvertible {
    var year, heightKm, latitude, longitude: Double
    var declination, inclination, horizontal, north, east, down, total: Double
    var description: String { "\(year) \(heightKm) km \(latitude) \(longitude)" }
  }

  static let rows: [Row] = [
    Row(
      year: 2025.0, heightKm: 28, latitude: 89, longitude: -121, declination: -99.77,
      inclination: 88.47, horizontal: 1504.298146, north: -255.388723, east: -1482.460628,
      down: 56194.288771, total: 56214.419888),
    Row(
      year: 2025.0, heightKm: 65, latitude: 43, longitude: 93, declination: 0.50,
      inclination: 64.10, horizontal: 24300.764692, north: 24299.852822, east: 210.517066,
      down: 50037.923998, total: 55626.621348),
    Row(
      year: 2025.0, heightKm: 51, latitude: -33, longitude: 109, declination: -5.49,
      inclination: -67.50, horizontal: 21838.046477, north: 21737.778822, east: -2090.274098,
      down: -52710.00392, total: 57054.752538),
    Row(
      year: 2025.5, heightKm: 6, latitude: -36, longitude: -137, declination: 20.28,
      inclination: -52.11, horizontal: 25353.230658, north: 23781.930678, east: 8786.698927,
      down: -32577.518648, total: 41280.516301),
    Row(
      year: 2025.5, heightKm: 8, latitude: -66, longitude: 17, declination: -33.14,
      inclination: -59.55, horizontal: 18154.870136, north: 15201.438652, east: -9925.501123,
      down: -30881.123197, total: 35822.382382),
    Row(
      year: 2026.0, heightKm: 74, latitude: -57, longitude: 3, declination: -22.51,
      inclination: -58.65, horizontal: 14362.206593, north: 13268.119649, east: -5498.179626,
      down: -23576.062921, total: 27606.226129),
    Row(
      year: 2026.0, heightKm: 62, latitude: -14, longitude: 99, declination: -1.43,
      inclination: -44.70, horizontal: 33448.275663, north: 33437.82863, east: -835.919473,
      down: -33100.922253, total: 47058.03012),
    Row(
      year: 2026.5, heightKm: 14, latitude: 0, longitude: 80, declination: -3.10,
      inclination: -17.15, horizontal: 39489.089663, north: 39431.415992, east: -2133.456168,
      down: -12188.838466, total: 41327.424134),
    Row(
      year: 2027.0, heightKm: 37, latitude: -66, longitude: -5, declination: -17.22,
      inclination: -59.04, horizontal: 17159.8365, north: 16390.771268, east: -5079.626554,
      down: -28608.243575, total: 33360.029814),
    Row(
      year: 2027.5, heightKm: 73, latitude: -72, longitude: 95, declination: -102.64,
      inclination: -76.49, horizontal: 13306.747292, north: -2912.418045, east: -12984.118939,
      down: -55399.217725, total: 56974.931751),
  ]

  @Test(arguments: rows)
  func wmm2025MatchesNOAATestValue(_ row: Row) throws {
    let field = try WorldMagneticModel.wmm2025.field(
      latitude: row.latitude, longitude: row.longitude, altitude: row.heightKm * 1000,
      decimalYear: row.year)
    // Angles are printed to 0.01°, so half a unit of rounding is the tightest honest bound.
    #expect(abs(field.declination - row.declination) <= 0.005 + 1e-9)
    #expect(abs(field.inclination - row.inclination) <= 0.005 + 1e-9)
    for (ours, theirs) in [
      (field.horizontalIntensity, row.horizontal), (field.north, row.north),
      (field.east, row.east), (field.down, row.down), (field.totalIntensity, row.total),
    ] {
      #expect(abs(ours - theirs) < 0.001, "\(ours) nT against NOAA's \(theirs) nT")
    }
  }
}
