import Foundation
import GPSD
import Testing

/// Every line gpsd 3.22 sent while replaying real receiver logs decodes, and every value agrees with
/// Foundation's JSON parser reading the same line (an independent reference).
@Suite struct RealCaptureTests {
  @Test(arguments: Fixtures.captureNames)
  func everyLineDecodes(capture: String) throws {
    let lines = try Fixtures.lines(capture)
    #expect(!lines.isEmpty)
    for line in lines {
      let report = try GPSDReport.decode(line)
      if case .unknown(let name) = report {
        Issue.record("class \(name) should be modelled: \(line)")
      }
    }
  }

  @Test(arguments: Fixtures.captureNames)
  func tpvValuesMatchAReferenceParser(capture: String) throws {
    var checked = 0
    for line in try Fixtures.lines(capture) where line.hasPrefix(#"{"class":"TPV""#) {
      guard case .tpv(let tpv) = try GPSDReport.decode(line) else {
        Issue.record("not a TPV: \(line)")
        continue
      }
      try expectSameMembers(tpv, as: line)
      checked += 1
    }
    #expect(checked > 0)
  }

  @Test(arguments: Fixtures.captureNames)
  func skyValuesMatchAReferenceParser(capture: String) throws {
    for line in try Fixtures.lines(capture) where line.hasPrefix(#"{"class":"SKY""#) {
      guard case .sky(let sky) = try GPSDReport.decode(line) else {
        Issue.record("not a SKY: \(line)")
        continue
      }
      let json = try object(line)
      var top = sky
      top.satellites = []
      try expectSameMembers(top, as: line, ignoring: ["satellites"])
      let satellites = json["satellites"] as? [[String: Any]] ?? []
      #expect(sky.satellites.count == satellites.count)
      for (decoded, reference) in zip(sky.satellites, satellites) {
        try compare(decoded, reference, line: line)
      }
    }
  }

  @Test func timestampsRoundTripToGpsdText() throws {
    for line in try Fixtures.allLines() where line.hasPrefix(#"{"class":"TPV""#) {
      guard case .tpv(let tpv) = try GPSDReport.decode(line), let time = tpv.time else { continue }
      let text = try #require(try object(line)["time"] as? String)
      #expect(time.description == text)
      #expect(abs(time.timestamp.timeIntervalSince1970 - time.timeIntervalSince1970) < 1e-6)
    }
  }

  // MARK: Helpers

  private func object(_ line: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  }

  /// Every member in the JSON equals the decoded property of the same name, and every property the JSON
  /// does not mention is `nil` (absent stays absent).
  private func expectSameMembers(_ value: some Any, as line: String, ignoring: Set<String> = [])
    throws
  {
    let json = try object(line)
    try compare(value, json.filter { !ignoring.contains($0.key) }, line: line, ignoring: ignoring)
  }

  private func compare(
    _ value: some Any, _ json: [String: Any], line: String, ignoring: Set<String> = []
  ) throws {
    var seen: Set<String> = ["class"]
    for child in Mirror(reflecting: value).children {
      guard let property = child.label, !ignoring.contains(property) else { continue }
      // Swift names follow gpsd's except where gpsd's are not lowerCamelCase.
      let label = property == "prn" ? "PRN" : property
      seen.insert(label)
      let expected = json[label]
      let actual = unwrap(child.value)
      switch (expected, actual) {
      case (nil, nil): break
      case (let number as NSNumber, let decoded as Double):
        #expect(number.doubleValue == decoded, "\(label) in \(line)")
      case (let number as NSNumber, let decoded as Int):
        #expect(number.intValue == decoded, "\(label) in \(line)")
      case (let number as NSNumber, let decoded as Bool):
        #expect(number.boolValue == decoded, "\(label) in \(line)")
      case (let number as NSNumber, let decoded as GPSDFixMode):
        #expect(number.intValue == decoded.rawValue, "\(label) in \(line)")
      case (let number as NSNumber, let decoded as GPSDFixStatus):
        #expect(number.intValue == decoded.rawValue, "\(label) in \(line)")
      case (let text as String, let decoded as String):
        #expect(text == decoded, "\(label) in \(line)")
      case (let text as String, let decoded as GPSDTimestamp):
        #expect(text == decoded.description, "\(label) in \(line)")
      default:
        Issue.record(
          "\(label): JSON has \(String(describing: expected)), decoded \(String(describing: actual)) in \(line)"
        )
      }
    }
    for key in json.keys where !seen.contains(key) {
      Issue.record("member \(key) sent by gpsd is not modelled: \(line)")
    }
  }

  private func unwrap(_ value: Any) -> Any? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional else { return value }
    return mirror.children.first.map { unwrap($0.value) } ?? nil
  }
}
