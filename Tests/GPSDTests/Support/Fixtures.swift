import Foundation

/// Real gpsd output bundled with the tests (see Fixtures/README.md).
enum Fixtures {
  static let captureNames = [
    "garmin-10x", "haicom-305N", "myguide-3100", "nmea-rtk", "skytraq", "triton400",
    "ublox-zed-f9p-nmea-head80",
  ]

  struct Missing: Error, CustomStringConvertible {
    var name: String
    var description: String { "fixture \(name).gpsd-3.22.jsonl is not in the test bundle" }
  }

  /// The lines of one capture, without line ends.
  static func lines(_ name: String) throws -> [String] {
    guard
      let url = Bundle.module.url(
        forResource: name + ".gpsd-3.22", withExtension: "jsonl", subdirectory: "Fixtures")
    else { throw Missing(name: name) }
    let text = try String(contentsOf: url, encoding: .utf8)
    return text.split(whereSeparator: \.isNewline).map(String.init)
  }

  /// Every line of every capture.
  static func allLines() throws -> [String] {
    try captureNames.flatMap { try lines($0) }
  }
}
