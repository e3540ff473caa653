import Foundation
import SensorsTestSupport
import Testing

/// The built `sensors-demo`, run as a user would from a script (output piped, not a terminal).
@Suite("sensors-demo end to end", .tags(.integration), .serialized)
struct SensorsDemoEndToEndTests {
  @Test(
    "no arguments: replays the bundled recordings and finishes by itself within about ten seconds")
  func dashboardFinishesOnItsOwn() async throws {
    let result = try await DemoProcess.run([])
    #expect(result.status == 0, "\(result.standardError)")
    // About 6 s on an idle machine; the bound is loose so a loaded CI machine passes, and still
    // catches a dashboard that would not end by itself when piped.
    #expect(result.seconds < 30)
    #expect(result.standardError.isEmpty)
    let lines = result.lines
    #expect(lines.first?.contains("replay, motion: the bundled IMU recording") == true)
    #expect(lines.first?.contains("--live") == true, "it says how to switch to live sensors")
    #expect(lines.filter { $0.hasPrefix("motion   t=") }.count >= 5)
    #expect(
      lines.contains { $0.hasPrefix("location fix 3D  27.2") }, "a real fix from the gpsd capture")
    #expect(lines.contains { $0.hasPrefix("location satellites:") })
    #expect(lines.last == "time limit reached")
  }

  @Test("--json: every line is a JSON object with an event")
  func jsonLinesParse() async throws {
    let result = try await DemoProcess.run(["--json", "--seconds", "2", "--speed", "4"])
    #expect(result.status == 0, "\(result.standardError)")
    let events = try result.lines.map { line in
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      return try #require(object["event"] as? String)
    }
    #expect(events.first == "source", "the first object says live or replay")
    #expect(events.last == "end")
    #expect(events.contains("motion"))
    #expect(events.contains("location"))
    #expect(events.contains("authorization"))
  }

  @Test("location --count N --json: exactly N location objects, then exit 0")
  func locationCount() async throws {
    let result = try await DemoProcess.run([
      "location", "--bundled", "--count", "3", "--json", "--speed", "8",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let locations = try result.lines.compactMap { line -> [String: Any]? in
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      return object["event"] as? String == "location" ? object : nil
    }
    #expect(locations.count == 3)
    #expect(
      locations.allSatisfy { ($0["latitude"] as? Double).map { abs($0 - -27.21) < 0.01 } ?? false })
  }

  @Test(
    "accelerometer --count N --json: N samples in g with Core Motion's sign (flat, face up: z ≈ −1)"
  )
  func accelerometerSamples() async throws {
    let result = try await DemoProcess.run(["accelerometer", "--bundled", "--count", "5", "--json"])
    #expect(result.status == 0, "\(result.standardError)")
    let objects = try result.lines.map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    #expect(objects.first?["event"] as? String == "source")
    #expect(objects.first?["kind"] as? String == "replay")
    #expect(objects.last?["event"] as? String == "end")
    let samples = objects.filter { $0["event"] as? String == "accelerometer" }
    #expect(samples.count == 5)
    #expect(objects.count == 7, "source, five samples, end")
    for object in samples {
      let z = try #require(object["z"] as? Double)
      #expect(z < -0.9 && z > -1.1)
      #expect(object["timestamp"] is Double)
    }
  }

  @Test(
    "every command runs with no source option: the bundled recordings, said on the first line",
    arguments: [
      "record", "tilt", "bouncer", "motion", "accelerometer", "gyro", "magnetometer", "location",
    ])
  func bundledByDefault(command: String) async throws {
    let result = try await DemoProcess.run([command, "--count", "3", "--speed", "20"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.lines.first?.hasPrefix("sensors-demo \(command): replay, the bundled") == true)
  }

  @Test(
    "devices: the bundled recording by default, said as a replay; nothing to list is status 1")
  func devicesWithoutHardware() async throws {
    let bundled = try await DemoProcess.run(["devices"])
    #expect(bundled.status == 0, "\(bundled.standardError)")
    #expect(bundled.lines.first?.hasPrefix("sensors-demo devices: replay, the bundled") == true)
    #expect(bundled.standardOutput.contains("adis16480"))
    #expect(bundled.standardOutput.contains("modes: poll, buffered"))
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("no-iio-\(UUID())")
    let named = try await DemoProcess.run(["devices", "--iio-root", root.path])
    #expect(named.status == 1, "a root the user named that does not exist is an error")
    #expect(named.standardError.contains(root.path))
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-iio-\(UUID())")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: empty) }
    let none = try await DemoProcess.run(["devices", "--iio-root", empty.path, "--json"])
    #expect(none.status == 1, "no devices is nothing to list, as the README's exit statuses say")
    #expect(none.standardOutput.contains(#""event":"error""#))
  }

  @Test("an NMEA log fed to location --replay: one message saying how to capture JSON, exit 1")
  func nmeaReplay() async throws {
    let log = try #require(
      Bundle.module.url(forResource: "haicom-305N", withExtension: "log", subdirectory: "Fixtures"))
    let result = try await DemoProcess.run(["location", "--replay", log.path])
    #expect(result.status == 1)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.split(separator: "\n").count == 1)
    #expect(
      result.standardError.contains("This is an NMEA log: capture gpsd's JSON with `gpspipe -w"))
  }

  @Test("a line too long mid-file: accelerometer and location --replay end at once with status 1")
  func lineTooLongMidReplay() async throws {
    let directory = FileManager.default.temporaryDirectory
    let long = String(repeating: "7", count: 70_000)
    let imu = directory.appendingPathComponent("demo-long-\(UUID().uuidString).csv")
    try Data(
      ("t,acc_x,acc_y,acc_z\n0,0,0,9.8\n0.01,0,0,9.8\n0.02,\(long),0,9.8\n").utf8
    ).write(to: imu)
    let gps = directory.appendingPathComponent("demo-long-\(UUID().uuidString).jsonl")
    try Data(
      ("{\"class\":\"VERSION\",\"release\":\"3.22\"}\n{\"class\":\"TPV\",\"device\":\"\(long)\"}\n")
        .utf8
    )
    .write(to: gps)
    defer {
      try? FileManager.default.removeItem(at: imu)
      try? FileManager.default.removeItem(at: gps)
    }
    for (command, path, line) in [("accelerometer", imu.path, 4), ("location", gps.path, 2)] {
      let result = try await DemoProcess.run([command, "--replay", path, "--seconds", "60"])
      #expect(result.status == 1, "\(command)")
      #expect(result.seconds < 30, "\(command): ends at once, not when --seconds runs out")
      #expect(
        result.standardError.contains("line \(line) is longer than 65536 bytes"), "\(command)")
      #expect(result.standardError.count < 600, "\(command): a short excerpt, not the line")
    }
  }

  @Test("record --count N: piped, records at once and stops by itself")
  func recordCount() async throws {
    let result = try await DemoProcess.run(["record", "--bundled", "--count", "50", "--speed", "4"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.lines.first?.contains("replay, the bundled IMU recording") == true)
    #expect(result.lines.first?.contains("at 4.0×") == true)
    #expect(result.lines.dropFirst().first == "recording started")
    #expect(result.lines.contains { $0.hasPrefix("50 values, latest ") })
  }

  @Test(
    "bad command lines: a one-line error on standard error and exit status 2",
    arguments: [
      ["--bogus"], ["tilt", "--count", "-3"], ["teleport"], ["location", "--gpsd", "a:b:c"],
    ])
  func badOptions(arguments: [String]) async throws {
    let result = try await DemoProcess.run(arguments)
    #expect(result.status == 2)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.hasPrefix("sensors-demo: error: "))
    #expect(result.standardError.split(separator: "\n").count == 1)
  }

  @Test("no sensor found: says where it looked and what to do, non-zero exit")
  func noSensor() async throws {
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
      "no-such-iio-root-\(UUID())"
    ).path
    for command in ["gyro", "tilt", "devices"] {
      let result = try await DemoProcess.run([command, "--iio-root", missing])
      #expect(result.status == 1)
      #expect(result.standardError.contains(missing), "names the root it searched")
      #expect(result.standardError.split(separator: "\n").count == 1)
    }
  }

  @Test("--help for every command, exit 0")
  func helpForEveryCommand() async throws {
    for command in [
      "", "record", "tilt", "bouncer", "location", "motion", "devices", "accelerometer", "gyro",
      "magnetometer",
    ] {
      let result = try await DemoProcess.run(command.isEmpty ? ["--help"] : [command, "--help"])
      #expect(result.status == 0)
      #expect(result.standardOutput.contains("USAGE: sensors-demo"))
    }
  }

  @Test(
    "devices and accelerometer on a sysfs tree (--iio-root): the kernel's layout, Core Motion's units"
  )
  func liveOnSysfsTree() async throws {
    let tree = try SysfsTree.flatAccelerometer()
    // The tree is removed when released: keep it until the last run has finished.
    defer { withExtendedLifetime(tree) {} }

    let devices = try await DemoProcess.run(["devices", "--iio-root", tree.root, "--json"])
    #expect(devices.status == 0, "\(devices.standardError)")
    #expect(devices.lines.first?.contains(#""event":"source""#) == true)
    #expect(devices.lines.dropFirst().first?.contains(#""name":"test-accel""#) == true)
    #expect(devices.lines.filter { $0.contains(#""event":"channel""#) }.count == 3)

    let samples = try await DemoProcess.run(
      ["accelerometer", "--iio-root", tree.root, "--mode", "poll", "--count", "3", "--json"])
    #expect(samples.status == 0, "\(samples.standardError)")
    let objects = try samples.lines.map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    #expect(objects.first?["kind"] as? String == "live")
    let readings = objects.filter { $0["event"] as? String == "accelerometer" }
    #expect(readings.count == 3)
    for object in readings {
      let z = try #require(object["z"] as? Double)
      #expect(abs(z - -1) < 1e-9, "kernel +9.80665 m/s² is Core Motion's −1 g")
    }

    let gyro = try await DemoProcess.run([
      "gyro", "--iio-root", tree.root, "--mode", "poll", "--count", "1",
    ])
    #expect(gyro.status == 1)
    #expect(gyro.standardError.contains("gyro"))
  }
}
