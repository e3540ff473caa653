import Testing

@testable import SensorsDemoFeatures

@Suite("Command line: capture")
struct CaptureArgumentsTests {
  @Test("capture --live --out DIR --seconds N --motion-only")
  func captureOptions() throws {
    let arguments = try ArgumentParser.parse([
      "capture", "--live", "--out", "/tmp/run", "--seconds", "60", "--motion-only", "--mode",
      "poll",
    ])
    #expect(arguments.command == .capture)
    #expect(arguments.out == "/tmp/run" && arguments.seconds == 60)
    #expect(arguments.live && arguments.motionOnly && !arguments.locationOnly)
  }

  @Test(
    "capture without --out, without a live source, or with both --…-only is a usage error",
    arguments: [
      ["capture", "--live"],
      ["capture", "--out", "/tmp/run"],
      ["capture", "--live", "--out", "/tmp/run", "--motion-only", "--location-only"],
      ["capture", "--gpsd", "localhost", "--out", "/tmp/run", "--motion-only"],
      ["capture", "--iio-root", "/tmp/sys", "--out", "/tmp/run", "--location-only"],
      ["capture", "--live", "--out", "/tmp/run", "--replay", "imu.csv"],
    ])
  func captureUsageErrors(arguments: [String]) {
    #expect(throws: UsageError.self) { try ArgumentParser.parse(arguments) }
  }

  @Test("each usage error says what capture needs")
  func captureMessages() throws {
    #expect {
      try ArgumentParser.parse(["capture", "--out", "/tmp/run"])
    } throws: { error in
      (error as? UsageError)?.message.contains("--live, --iio-root DIR or --gpsd HOST[:PORT]")
        ?? false
    }
    #expect(Usage.text(for: .capture).contains("--out DIR"))
    #expect(try ArgumentParser.parse(["capture", "--help"]).help)
  }
}
