import Foundation
import Testing

/// `imu-fuse` end to end: the built executable, run as a user would.
@Suite("imu-fuse command")
struct IMUFuseCommandTests {
  private struct Result {
    var status: Int32
    var output: String
    var error: String
  }

  /// The executable sits next to this test target's resource bundle in the build folder.
  private func run(_ arguments: [String]) throws -> Result {
    let executable = Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent(
      "imu-fuse")
    try #require(
      FileManager.default.isExecutableFile(atPath: executable.path), "build imu-fuse first")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
      error: String(decoding: errorData, as: UTF8.self))
  }

  private func temporaryFile(_ contents: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "imu-fuse-\(UUID().uuidString).csv")
    try contents.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  @Test func writesOneUnitQuaternionPerInputRow() throws {
    let url = try #require(
      Bundle.module.url(
        forResource: "fusion-broad-05-excerpt", withExtension: "csv", subdirectory: "Fixtures"))
    let result = try run([url.path])
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n")
    #expect(lines.first == "t,qw,qx,qy,qz")
    #expect(lines.count == 2858)
    let last = lines.last.map { $0.split(separator: ",").compactMap { Double($0) } } ?? []
    #expect(last.count == 5)
    let norm = last.dropFirst().map { $0 * $0 }.reduce(0, +).squareRoot()
    #expect(abs(norm - 1) < 1e-9)
  }

  @Test func badInputExitsWithStatus1AndSaysWhere() throws {
    let url = try temporaryFile(
      "t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z\n0,0,0,0,0,0,9.8\n0,0,0,0,0,0,9.8\n")
    defer { try? FileManager.default.removeItem(at: url) }
    let result = try run([url.path, "--6d"])
    #expect(result.status == 1)
    #expect(result.error.contains("line 3: time 0.0 s is not after the previous row's 0.0 s"))
    #expect(result.output.isEmpty)
  }

  @Test func anAbsurdRateIsReportedByRowAndTheOutputStaysFinite() throws {
    let rows = (0..<50).map { i -> String in
      let rate = i == 20 ? "1e200" : "0.01"
      return "\(Double(i) * 0.01),\(rate),0,0,0,0,9.81,20,0,-40"
    }
    let url = try temporaryFile(
      "t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z,mag_x,mag_y,mag_z\n" + rows.joined(separator: "\n")
        + "\n")
    defer { try? FileManager.default.removeItem(at: url) }
    let result = try run([url.path])
    #expect(result.status == 3)
    #expect(result.error.contains("row 21 (t = 0.2 s) rejected: gyroscope value out of range"))
    #expect(result.error.contains("1 of 50 rows rejected"))
    let values = result.output.split(separator: "\n").dropFirst().flatMap {
      $0.split(separator: ",").map { Double($0) ?? .nan }
    }
    #expect(values.count == 250 && values.allSatisfy(\.isFinite))
  }

  @Test func inputWhereNoRowIsUsableExitsWithStatus1() throws {
    let rows = (0..<5).map { "\(Double($0) * 0.01),0,1e300,0,0,0,9.81" }
    let url = try temporaryFile(
      "t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z\n" + rows.joined(separator: "\n") + "\n")
    defer { try? FileManager.default.removeItem(at: url) }
    let result = try run([url.path])
    #expect(result.status == 1)
    #expect(result.error.contains("no row could be used"))
    #expect(result.output.isEmpty)
  }

  @Test func aCalibrationFileWithAnEndlessFirstLineIsRefusedWithoutReadingIt() throws {
    let input = try temporaryFile(
      "t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z\n0,0,0,0,0,0,9.8\n0.01,0,0,0,0,0,9.8\n")
    let calibration = try temporaryFile(String(repeating: "x", count: 100_000))
    defer {
      try? FileManager.default.removeItem(at: input)
      try? FileManager.default.removeItem(at: calibration)
    }
    let result = try run([input.path, "--calibration-in", calibration.path])
    #expect(result.status == 1)
    #expect(result.error.contains("the first line is longer than 4096 bytes"))
    #expect(result.error.count < 300, "no excerpt of the line")
  }

  @Test func usageErrorsExitWithStatus2AndHelpExitsWith0() throws {
    #expect(try run([]).status == 2)
    #expect(try run(["a.csv", "--frobnicate"]).status == 2)
    let help = try run(["--help"])
    #expect(help.status == 0 && help.output.contains("usage: imu-fuse INPUT.csv [--6d]"))
  }

  @Test func accuracyAppendsTheLevelAndTheHeadingBoundToEveryRow() throws {
    let fixture = try #require(
      Bundle.module.url(
        forResource: "fusion-broad-05-excerpt", withExtension: "csv", subdirectory: "Fixtures"))
    let plain = try run([fixture.path])
    let result = try run([fixture.path, "--accuracy"])
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n")
    #expect(lines.first == "t,qw,qx,qy,qz,accuracy,heading_accuracy")
    #expect(lines.count == 2858)
    let rows = lines.dropFirst().map { $0.split(separator: ",").map(String.init) }
    let levels: Set = ["uncalibrated", "low", "medium", "high"]
    #expect(rows.allSatisfy { $0.count == 7 && levels.contains($0[5]) && Double($0[6]) != nil })
    // Not valid before a calibration is confirmed, and then a bound in degrees.
    #expect(rows.first?[5] == "uncalibrated")
    #expect(rows.first?[6] == "-1")
    // Ten seconds are too few for the calibration to confirm itself; the field as recorded is
    // trusted once it has been accepted (after five seconds of turning), and then has a bound.
    let raw = try run([fixture.path, "--accuracy", "--no-mag-calibration"])
    let rawRows = raw.output.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
    #expect(
      rawRows.contains { ($0[5] == "medium" || $0[5] == "high") && (Double($0[6]) ?? -1) > 0 })
    // The quaternions are the same as without the columns.
    let quaternions = rows.map { $0.prefix(5).joined(separator: ",") }
    #expect(quaternions == plain.output.split(separator: "\n").dropFirst().map(String.init))
  }

  @Test func offlineWritesOneUnitQuaternionPerRowAndReportsRejectedRowsAlike() throws {
    let fixture = try #require(
      Bundle.module.url(
        forResource: "fusion-broad-05-excerpt", withExtension: "csv", subdirectory: "Fixtures"))
    let causal = try run([fixture.path])
    let offline = try run([fixture.path, "--offline"])
    #expect(offline.status == 0)
    let lines = offline.output.split(separator: "\n")
    #expect(lines.first == "t,qw,qx,qy,qz")
    #expect(lines.count == 2858)
    let rows = lines.dropFirst().map { $0.split(separator: ",").compactMap { Double($0) } }
    #expect(
      rows.allSatisfy {
        $0.count == 5 && abs($0.dropFirst().map { $0 * $0 }.reduce(0, +) - 1) < 1e-9
      })
    #expect(offline.output != causal.output)

    let absurd = (0..<50).map { i -> String in
      "\(Double(i) * 0.01),\(i == 20 ? "1e200" : "0.01"),0,0,0,0,9.81,20,0,-40"
    }
    let url = try temporaryFile(
      "t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z,mag_x,mag_y,mag_z\n" + absurd.joined(separator: "\n")
        + "\n")
    defer { try? FileManager.default.removeItem(at: url) }
    let result = try run([url.path, "--offline"])
    #expect(result.status == 3)
    #expect(result.error.contains("row 21 (t = 0.2 s) rejected: gyroscope value out of range"))
    #expect(!result.output.contains("nan") && result.output.split(separator: "\n").count == 51)
  }

  @Test func aLocationGivesTheCalibrationTheModelsFieldAndBadLocationsAreUsageErrors() throws {
    let fixture = try #require(
      Bundle.module.url(
        forResource: "fusion-broad-05-excerpt", withExtension: "csv", subdirectory: "Fixtures"))
    // BROAD was recorded in Berlin; WMM2025 starts in 2025, so the recording's day is given as one
    // the model covers. The lab's field is within the prior: the same output as without it.
    let plain = try run([fixture.path])
    let placed = try run([
      fixture.path, "--latitude", "52.51", "--longitude", "13.32", "--altitude", "60", "--date",
      "2025-01-01",
    ])
    #expect(placed.status == 0)
    #expect(placed.output == plain.output)
    let half = try run([fixture.path, "--latitude", "52.51"])
    #expect(half.status == 2)
    #expect(half.error.contains("needs both --latitude and --longitude"))
    let notANumber = try run([fixture.path, "--latitude", "north", "--longitude", "13"])
    #expect(notANumber.status == 2)
    #expect(notANumber.error.contains("--latitude: north is not a number"))
    let tooEarly = try run([
      fixture.path, "--latitude", "52.51", "--longitude", "13.32", "--date", "2021-05-01",
    ])
    #expect(tooEarly.status == 2)
    #expect(tooEarly.error.contains("outside WMM-2025"))
    let badDay = try run([
      fixture.path, "--latitude", "52.51", "--longitude", "13.32", "--date", "1 May 2025",
    ])
    #expect(badDay.status == 2)
    #expect(badDay.error.contains("--date: 1 May 2025 is not a day written YYYY-MM-DD"))
    let shortMonth = try run([
      fixture.path, "--latitude", "52.51", "--longitude", "13.32", "--date", "2025-5-01",
    ])
    #expect(shortMonth.status == 2)
    #expect(shortMonth.error.contains("not a day written YYYY-MM-DD"))
    #expect(try run(["--help"]).output.contains("--latitude LAT --longitude LON"))
  }
}
