import Foundation
import Testing

@testable import SensorsDemoFeatures

@Suite("Recording formats")
struct RecordingFormatTests {
  @Test(
    "the first line tells the format",
    arguments: [
      ("t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z\n0.0,0,0,0,0,0,9.8\n", RecordingFormat.imuCSV),
      (#"{"class":"VERSION","release":"3.22"}"# + "\n", .gpsdJSON),
      ("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47\r\n", .nmea),
      ("\n# comment\n!AIVDM,1,1,,B,15M67FC000G?ufbE`FepT@3n00Sa,0*5C\n", .nmea),
      ("", .unknown),
      ("\u{0}\u{1}binary", .unknown),
    ])
  func classify(text: String, format: RecordingFormat) {
    #expect(RecordingFormat.classify(Data(text.utf8)) == format)
  }

  @Test("missing files and directories are said in plain words")
  func plainWords() {
    #expect(throws: SourceError.unreadable(path: "/no/such", reason: "there is no such file")) {
      try RecordingFormat.detect("/no/such")
    }
    #expect(throws: SourceError.self) { try RecordingFormat.detect(NSTemporaryDirectory()) }
  }

  @Test("an NMEA log fed to location --replay gets one message saying how to capture JSON")
  func nmeaToLocation() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID()).nmea")
    try "$GPRMC,081836,A,3751.65,S,14507.36,E,000.0,360.0,130998,011.3,E*62\n".write(
      to: url, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: url) }
    var arguments = DemoArguments()
    arguments.command = .location
    arguments.replay = url.path
    guard case .failure(let error) = Sources.location(arguments, clock: ContinuousClock()) else {
      Issue.record("an NMEA log must not be replayed")
      return
    }
    #expect(error.description.contains("This is an NMEA log: capture gpsd's JSON with `gpspipe -w"))
    #expect(
      error.description.components(separatedBy: "NMEA").count == 2,
      "said once: \(error.description)")
  }
}
