import Foundation
import SensorsSampleData
import SensorsTestSupport
import Testing

/// `sensors-demo capture` on a recorded board (umockdev) and real gpsd (gpsfake), then the
/// capture replayed with `--replay`: the replays print exactly what the capture printed.
@Suite("sensors-demo capture, then --replay", .tags(.integration), .serialized)
struct CaptureEndToEndTests {
  /// `umockdev-run` on PATH, if installed.
  static let umockdevRun: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/umockdev-run" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }()

  /// The `--json` objects of one event kind, as printed.
  static func events(_ name: String, in run: DemoProcess.Result) -> [String] {
    run.lines.filter { $0.hasPrefix("{\"event\":\"\(name)\"") }
  }

  @Test(
    "capture --live under umockdev and gpsfake; every sample and fix replays as captured",
    .enabled(if: Gpsfake.isInstalled, "\(Gpsfake.skipMessage)"),
    .enabled(if: umockdevRun != nil, "umockdev-run is not installed: apt-get install umockdev"))
  func captureThenReplay() async throws {
    let umockdev = try #require(Self.umockdevRun)
    let log = try #require(
      Bundle.module.url(forResource: "haicom-305N", withExtension: "log", subdirectory: "Fixtures"))
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("capture-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let device = SampleData.umockdevDevice(.adis16480).path
    var capture: DemoProcess.Result?
    // gpsfake's replay starts as soon as gpsd is up: a capture that connects late misses the
    // fixes (see LiveLocationEndToEndTests). Up to three runs, until one holds fixes.
    for _ in 0..<3 where capture.map({ Self.events("location", in: $0).isEmpty }) ?? true {
      let gpsd = try await Gpsfake.started(log: log, cycle: 0.02)
      capture = try await DemoProcess.run(
        [
          "capture", "--live", "--mode", "poll", "--gpsd", "127.0.0.1:\(gpsd.port)", "--out",
          directory, "--seconds", "3", "--json",
        ], timeout: 60, wrapper: [umockdev, "-d", device, "--"])
      await gpsd.stopped()
    }
    let run = try #require(capture)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardError.contains("captured"), "\(run.standardError)")

    for sensor in ["accelerometer", "gyro", "magnetometer"] {
      let captured = Self.events(sensor, in: run)
      #expect(captured.count > 50, "\(sensor): \(captured.count) samples in 3 s at 100 Hz")
      let replay = try await DemoProcess.run([
        sensor, "--replay", directory + "/imu.csv", "--json", "--speed", "1000", "--interval",
        "0.000001",
      ])
      #expect(replay.status == 0, "\(replay.standardError)")
      // The recorder writes each sample as the client delivers it, before the store prints it:
      // when `--seconds` ends the capture, the last sample or two can be in the file but not yet
      // on stdout. Everything printed must replay exactly, in order, and nothing more than that
      // in-flight tail may follow.
      let replayed = Self.events(sensor, in: replay)
      #expect(Array(replayed.prefix(captured.count)) == captured, "\(sensor)")
      #expect(replayed.count - captured.count <= 2, "\(sensor): \(replayed.count) replayed")
    }
    let fixes = Self.events("location", in: run)
    #expect(!fixes.isEmpty)
    let replay = try await DemoProcess.run([
      "location", "--replay", directory + "/gpsd.jsonl", "--json", "--speed", "1000",
    ])
    #expect(replay.status == 0, "\(replay.standardError)")
    #expect(Self.events("location", in: replay) == fixes)
  }
}
