import Foundation
import Geomagnetism
import Testing

/// WMM2025 against pygeomag (a Python port of NOAA's `geomag.c`) at the 400 points of
/// `Fixtures/pygeomag-wmm2025.csv` (see Fixtures/README.md): the poles, every latitude and
/// longitude, heights −1 km…850 km and dates 2025.0–2030.0.
///
/// To compare more points, generate them and name the file in `WMM_REFERENCE_CSV`:
/// `scripts/wmm-reference.py --count 10000 --seed 7 > /tmp/wmm10k.csv && WMM_REFERENCE_CSV=/tmp/wmm10k.csv swift test --filter PygeomagReferenceTests`.
@Suite struct PygeomagReferenceTests {
  struct Point {
    var year, altitude, latitude, longitude: Double
    var declination, inclination, horizontal, north, east, down, total: Double
  }

  struct BadRow: Error, CustomStringConvertible {
    var line: String
    var description: String { "not 11 numbers: \(line)" }
  }

  /// The file `WMM_REFERENCE_CSV` names, else the bundled fixture.
  static var reference: URL? {
    if let path = ProcessInfo.processInfo.environment["WMM_REFERENCE_CSV"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    return Bundle.module.url(
      forResource: "pygeomag-wmm2025", withExtension: "csv", subdirectory: "Fixtures")
  }

  static func points() throws -> [Point] {
    let url = try #require(reference)
    let lines = try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline)
    return try lines.dropFirst().map { line in
      let values = line.split(separator: ",").compactMap { Double($0) }
      guard values.count == 11 else { throw BadRow(line: String(line)) }
      return Point(
        year: values[0], altitude: values[1], latitude: values[2], longitude: values[3],
        declination: values[4], inclination: values[5], horizontal: values[6], north: values[7],
        east: values[8], down: values[9], total: values[10])
    }
  }

  @Test func wmm2025MatchesPygeomagEverywhere() throws {
    let points = try Self.points()
    #expect(points.count >= 400)
    var worstAngle = 0.0
    var worstIntensity = 0.0
    for point in points {
      let field = try WorldMagneticModel.wmm2025.field(
        latitude: point.latitude, longitude: point.longitude, altitude: point.altitude,
        decimalYear: point.year)
      let angle = max(
        abs(field.declination - point.declination), abs(field.inclination - point.inclination))
      let intensity =
        [
          field.horizontalIntensity - point.horizontal, field.north - point.north,
          field.east - point.east, field.down - point.down, field.totalIntensity - point.total,
        ].map(abs).max() ?? 0
      worstAngle = max(worstAngle, angle)
      worstIntensity = max(worstIntensity, intensity)
    }
    // The bound is 0.01° and 1 nT; both codes are double precision, so the agreement
    // is far tighter, and a regression in any term would show.
    #expect(worstAngle < 1e-6, "worst angle difference \(worstAngle)°")
    #expect(worstIntensity < 1e-4, "worst intensity difference \(worstIntensity) nT")
  }
}
