import Foundation
import Geomagnetism
import SensorsCore
import SensorsTestSupport
import Testing

@testable import SensorsDemoFeatures

@Suite("magnetic-field")
struct MagneticFieldCommandTests {
  @Test("--latitude, --longitude, --altitude and --date are parsed and checked")
  func parsesItsOptions() throws {
    let arguments = try ArgumentParser.parse([
      "magnetic-field", "--latitude", "47.6205", "--longitude", "-122.3493", "--altitude=120",
      "--date", "2025-04-02", "--json",
    ])
    #expect(arguments.command == .magneticField)
    #expect(arguments.latitude == 47.6205)
    #expect(arguments.longitude == -122.3493)
    #expect(arguments.altitude == 120)
    #expect(arguments.date == (try CalendarDay(year: 2025, month: 4, day: 2)))
    #expect(arguments.json)
  }

  @Test(
    "a missing coordinate, a bad number or a day that does not exist is a usage error",
    arguments: [
      ["magnetic-field", "--latitude", "10"],
      ["magnetic-field", "--latitude", "91", "--longitude", "0"],
      ["magnetic-field", "--latitude", "nan", "--longitude", "0"],
      ["magnetic-field", "--latitude", "0", "--longitude", "181"],
      ["magnetic-field", "--latitude", "0", "--longitude", "0", "--altitude", "-5000"],
      ["magnetic-field", "--latitude", "0", "--longitude", "0", "--date", "2025-02-29"],
      ["magnetic-field", "--latitude", "0", "--longitude", "0", "--date", "2025-4-2"],
      ["magnetic-field", "--latitude", "0", "--longitude", "0", "--live"],
    ])
  func rejectsBadArguments(arguments: [String]) {
    #expect(throws: UsageError.self) { try ArgumentParser.parse(arguments) }
  }

  @Test("--json prints one object with the field pygeomag computes for the same place and day")
  func jsonObject() throws {
    let arguments = try ArgumentParser.parse([
      "magnetic-field", "--latitude", "47.6205", "--longitude", "-122.3493", "--date",
      "2025-04-02",
    ])
    let lines = try SensorsDemo.magneticFieldOutput(
      arguments, json: true, now: Timestamp(timeIntervalSince1970: 0)
    ).get()
    #expect(lines.count == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    // pygeomag 1.1.0, WMM_2025.COF, 47.6205 N 122.3493 W, 0 km, 2025 + 91/365.
    let expected: [String: Double] = [
      "declination": 15.065714308316142, "inclination": 68.81960865477448,
      "total": 52767.17040169827, "horizontal": 19065.06754141204, "north": 18409.769587627143,
      "east": 4955.520566911386, "down": 49202.61651419829,
    ]
    for (key, value) in expected {
      let ours = try #require(object[key] as? Double, "\(key) is missing")
      #expect(abs(ours - value) < (key.hasSuffix("clination") ? 1e-6 : 1e-3), "\(key)")
    }
  }

  @Test("without --date the field is today's; a date outside WMM2025 is the model's error")
  func dates() throws {
    let seattle = try ArgumentParser.parse([
      "magnetic-field", "--latitude", "47.6205", "--longitude", "-122.3493",
    ])
    // 2026-01-01T00:00:00Z.
    let now = Timestamp(timeIntervalSince1970: 1_767_225_600)
    let today = try SensorsDemo.magneticFieldOutput(seattle, json: false, now: now).get()
    let field = try WorldMagneticModel.wmm2025.field(
      latitude: 47.6205, longitude: -122.3493, decimalYear: 2026)
    #expect(today.first == "WMM-2025 at 47.62050°, -122.34930°, 0.0 m above the WGS84 ellipsoid")
    #expect(today.contains("declination  \(Format.fixed(field.declination, 3))° (east)"))
    #expect(today.contains("down         \(Format.fixed(field.down, 1)) nT"))
    var later = seattle
    later.date = try CalendarDay(year: 2031, month: 1, day: 1)
    let failure = SensorsDemo.magneticFieldOutput(later, json: false, now: now)
    #expect(throws: GeomagneticError.self) { try failure.get() }
  }

  @Test("help describes the command and its units")
  func help() {
    let text = Usage.text(for: .magneticField)
    #expect(text.contains("--latitude LAT"))
    #expect(text.contains("nT"))
    #expect(Usage.text(for: .dashboard).contains("magnetic-field"))
  }
}

@Suite("magnetic-field end to end", .tags(.integration))
struct MagneticFieldEndToEndTests {
  @Test("the built program prints one JSON object and exits 0; a bad date exits 1 with a reason")
  func process() async throws {
    let result = try await DemoProcess.run([
      "magnetic-field", "--latitude", "-33.8688", "--longitude", "151.2093", "--altitude", "58",
      "--date", "2027-06-30", "--json",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.lines.count == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.lines[0].utf8)) as? [String: Any])
    let field = try WorldMagneticModel.wmm2025.field(
      latitude: -33.8688, longitude: 151.2093, altitude: 58,
      decimalYear: WorldMagneticModel.decimalYear(year: 2027, month: 6, day: 30))
    // Printed in full; JSONSerialization may read the last digit back one ulp off.
    #expect(abs(try #require(object["declination"] as? Double) - field.declination) < 1e-9)
    #expect(abs(try #require(object["down"] as? Double) - field.down) < 1e-6)
    let late = try await DemoProcess.run([
      "magnetic-field", "--latitude", "0", "--longitude", "0", "--date", "2024-12-31",
    ])
    #expect(late.status == 1)
    #expect(late.standardError.contains("outside WMM-2025"))
  }
}
