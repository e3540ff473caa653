import ComposableLocation
import Foundation
import Testing

@testable import SensorsDemoFeatures

@Suite("Output")
struct PresentationTests {
  @Test("JSON lines keep key order, omit absent and non-finite values, and escape strings")
  func jsonLine() throws {
    var line = JSONLine(event: "error")
    line.add("message", "a \"quoted\"\nline\\")
    line.add("missing", nil as Double?)
    line.add("infinite", Double.infinity)
    line.add("count", 3)
    line.add("vector", [1.5, -2, 0])
    #expect(
      line.description
        == #"{"event":"error","message":"a \"quoted\"\nline\\","count":3,"vector":[1.5,-2,0]}"#)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(line.description.utf8)) as? [String: Any])
    #expect(object["message"] as? String == "a \"quoted\"\nline\\")
  }

  @Test("a location becomes the JSON object the issue describes, absent values omitted")
  func locationJSON() {
    let fix = Location(
      coordinate: Coordinate(latitude: -27.5, longitude: 153.25), altitude: 3,
      horizontalAccuracy: 12.5,
      speed: 1.25, timestamp: Timestamp(timeIntervalSince1970: 0))
    #expect(
      LocationFeature.json(for: fix).description
        == #"{"event":"location","latitude":-27.5,"longitude":153.25,"altitude":3,"horizontalAccuracy":12.5,"#
        + #""speed":1.25,"fix":"threeDimensional","timestamp":"1970-01-01T00:00:00.000Z"}"#)
  }

  @Test("sparklines scale from the smallest to the largest value shown")
  func sparkline() {
    #expect(Sparkline.render([0, 1, 2, 3, 4, 5, 6, 7], width: 8) == "▁▂▃▄▅▆▇█")
    #expect(Sparkline.render([1, 2, 3], width: 2) == "▁█")
    #expect(Sparkline.render([5, 5], width: 4) == "▅▅")
    #expect(Sparkline.render([], width: 4) == "")
  }
}
