import ComposableMotion
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

  /// Whether a capture missed gpsfake's fixes or printed a `skipped` event.
  static func needsAnotherRun(_ capture: DemoProcess.Result) -> Bool {
    events("location", in: capture).isEmpty || !events("skipped", in: capture).isEmpty
  }

  /// The demo's sensor commands with the recording column each is written to.
  static let sensors: [(String, IMURecording.Sensors)] = [
    ("accelerometer", .accelerometer), ("gyro", .gyroscope), ("magnetometer", .magnetometer),
  ]

  /// The `timestamp` of a printed sample (s), NaN when it has none.
  static func timestamp(_ line: String) -> Double {
    guard let start = line.range(of: #""timestamp":"#)?.upperBound else { return .nan }
    return Double(line[start...].prefix { $0 != "," && $0 != "}" }) ?? .nan
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
    // gpsfake's replay starts soon after gpsd is up: a capture that connects late misses the
    // fixes (see LiveLocationEndToEndTests). And printed output is a view of the store: when
    // it falls a journal's worth behind (a loaded machine) it prints a `skipped` event instead
    // of the samples, and the comparisons below would be moot. Up to three runs, until one
    // holds fixes and skipped nothing.
    for _ in 0..<3 where capture.map(Self.needsAnotherRun) ?? true {
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
    #expect(!run.standardError.contains("late samples"), "\(run.standardError)")
    #expect(Self.events("skipped", in: run).isEmpty, "the capture's output fell behind")
    let recording = try IMURecording(contentsOf: directory + "/imu.csv")

    for (sensor, column) in Self.sensors {
      let captured = Self.events(sensor, in: run)
      #expect(captured.count > 50, "\(sensor): \(captured.count) samples in 3 s at 100 Hz")
      // The recorder's promise, read from the file itself: every sample the feature received is
      // in it, in time order. The recorder writes each sample as the client delivers it, before
      // the store prints it: when `--seconds` ends the capture, the last sample or two can be in
      // the file but not yet on stdout.
      let printed = captured.map(Self.timestamp)
      let written = recording.samples.filter { $0.has(column) }.map(\.time)
      #expect(Array(written.prefix(printed.count)) == printed, "\(sensor): imu.csv")
      #expect(written.count - printed.count <= 2, "\(sensor): \(written.count) in imu.csv")

      // The replay prints what the capture printed. A replay at 1000× hands the store samples
      // faster than a loaded machine may print them; the output then says `skipped` (the file
      // is complete, checked above), and the replay runs again, slower.
      var replay: DemoProcess.Result?
      for speed in ["1000", "20", "2"]
      where replay.map({ !Self.events("skipped", in: $0).isEmpty }) ?? true {
        replay = try await DemoProcess.run([
          sensor, "--replay", directory + "/imu.csv", "--json", "--speed", speed, "--interval",
          "0.000001",
        ])
      }
      let played = try #require(replay)
      #expect(played.status == 0, "\(played.standardError)")
      #expect(
        Self.events("skipped", in: played).isEmpty, "\(sensor): the replay's output fell behind")
      let replayed = Self.events(sensor, in: played)
      #expect(Array(replayed.prefix(captured.count)) == captured, "\(sensor)")
      #expect(replayed.count - captured.count <= 2, "\(sensor): \(replayed.count) replayed")
    }
    let fixes = Self.events("location", in: run)
    #expect(!fixes.isEmpty)
    let replay = try await DemoProcess.run([
      "location", "--replay", directory + "/gpsd.jsonl", "--json", "--speed", "1000",
    ])
    #expect(replay.status == 0, "\(replay.standardError)")
    // As with the samples: the recorder writes each fix as the client delivers it, before the
    // store prints it, so when `--seconds` ends the capture the last fix or two can be in
    // gpsd.jsonl but not yet on stdout (seen once in CI: one more fix replayed than printed).
    let replayedFixes = Self.events("location", in: replay)
    #expect(Array(replayedFixes.prefix(fixes.count)) == fixes)
    #expect(replayedFixes.count - fixes.count <= 2, "\(replayedFixes.count) fixes replayed")
  }
}

extension IMURecording.Sample {
  /// Whether the row holds `column` (a single member of ``IMURecording/Sensors``).
  fileprivate func has(_ column: IMURecording.Sensors) -> Bool {
    switch column {
    case .gyroscope: gyroscope != nil
    case .accelerometer: accelerometer != nil
    default: magnetometer != nil
    }
  }
}
