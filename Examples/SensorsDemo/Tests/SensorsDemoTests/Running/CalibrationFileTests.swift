import ComposableMotion
import ComposableSensorsTesting
import ComposableStore
import Foundation
import Synchronization
import Testing

@testable import SensorsDemoFeatures

/// A live run saves the magnetometer calibration it learnt, and the next run starts from it.
/// These tests check the file itself, so they write the real file system (a test's default file
/// storage is in memory).
@Suite("Magnetometer calibration file", .dependency(\.defaultFileStorage, .immediate))
struct CalibrationFileTests {
  static let learnt = MagnetometerCalibration(
    hardIron: SIMD3(12.5, -3.25, 40),
    softIronCorrection: .init(
      x: SIMD3(1.02, 0.01, 0), y: SIMD3(0.01, 0.97, 0), z: SIMD3(0, 0, 1.01)),
    accuracy: .high, fieldStrength: 49.8, dip: 66.2)

  /// A client whose calibration is whatever was last set, and which counts destroys.
  final class Board: Sendable {
    let calibration: Mutex<MagnetometerCalibration>
    let destroyed = Mutex(0)
    init(_ calibration: MagnetometerCalibration = .uncalibrated) {
      self.calibration = Mutex(calibration)
    }
    var current: MagnetometerCalibration {
      get { calibration.withLock { $0 } }
      set { calibration.withLock { $0 = newValue } }
    }
    var client: MotionClient {
      var client = MotionClient.unimplemented()
      client.magnetometerCalibration = { self.calibration.withLock { $0 } }
      client.setMagnetometerCalibration = { new in self.calibration.withLock { $0 = new } }
      client.destroy = { _ in self.destroyed.withLock { $0 += 1 } }
      return client
    }
  }

  /// A calibration file path under a new temporary directory (not created), and that directory,
  /// for the test to remove.
  static func temporaryPath() -> (file: String, directory: String) {
    let directory =
      FileManager.default.temporaryDirectory.path
      + "/sensors-demo-calibration-\(UInt64.random(in: 0...UInt64.max))"
    return (directory + "/state/magnetometer-calibration", directory)
  }

  @Test(
    "the path: SENSORS_DEMO_CALIBRATION, else XDG_STATE_HOME, else ~/.local/state; empty keeps none"
  )
  func standardPath() {
    #expect(
      CalibrationFile.standard(environment: ["SENSORS_DEMO_CALIBRATION": "/x/cal"])?.path
        == "/x/cal")
    #expect(
      CalibrationFile.standard(environment: ["SENSORS_DEMO_CALIBRATION": "", "HOME": "/h"]) == nil)
    #expect(
      CalibrationFile.standard(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])?.path
        == "/s/sensors-demo/magnetometer-calibration")
    #expect(
      CalibrationFile.standard(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"])?.path
        == "/h/.local/state/sensors-demo/magnetometer-calibration")
    #expect(CalibrationFile.standard(environment: [:]) == nil)
  }

  @Test("a run saves what it learnt when its manager is destroyed; the next run starts from it")
  func savedThenRestored() async throws {
    let temporary = Self.temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: temporary.directory) }
    let file = CalibrationFile(path: temporary.file)
    let problems = Mutex<[String]>([])
    let first = Board()
    let run1 = first.client
      .keepingCalibration(in: file) { message in problems.withLock { $0.append(message) } }
    #expect(first.current == .uncalibrated, "no file yet: nothing restored")
    first.current = Self.learnt  // what the run's device motion learnt
    await run1.destroy(AnyHashableSendable(1))
    #expect(first.destroyed.withLock { $0 } == 1)

    let second = Board()
    _ = second.client
      .keepingCalibration(in: file) { message in problems.withLock { $0.append(message) } }
    #expect(second.current == Self.learnt)
    #expect(problems.withLock { $0 }.isEmpty)
  }

  @Test("an uncalibrated run does not overwrite a saved calibration")
  func uncalibratedIsNotSaved() async throws {
    let temporary = Self.temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: temporary.directory) }
    let file = CalibrationFile(path: temporary.file)
    _ = file.save(Self.learnt)
    let board = Board()
    let client = board.client
      .keepingCalibration(in: file) { _ in }
    board.current = .uncalibrated  // for example, a run without a magnetometer
    await client.destroy(AnyHashableSendable(1))
    #expect(try file.load().get() == Self.learnt)
  }

  @Test("the file is JSON written through @Shared(.fileStorage): a string holding the text line")
  func savedAsJSON() throws {
    let temporary = Self.temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: temporary.directory) }
    let file = CalibrationFile(path: temporary.file)
    _ = file.save(Self.learnt)
    let data = try Data(contentsOf: URL(fileURLWithPath: file.path))
    #expect(try JSONDecoder().decode(String.self, from: data) == Self.learnt.textLine)
    let names = try FileManager.default.contentsOfDirectory(atPath: temporary.directory + "/state")
    #expect(names == ["magnetometer-calibration"], "no temporary file is left behind")
  }

  @Test("with live, throttled file storage every save is on disk when it returns")
  func savedAtOnceWhenThrottled() throws {
    let temporary = Self.temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: temporary.directory) }
    let file = CalibrationFile(path: temporary.file)
    var second = Self.learnt
    second.hardIron = SIMD3(1, 2, 3)
    try withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
      $0.defaultFileStorage = .fileSystem(throttle: .seconds(1))
      // Never advanced: only the save's flush can write within the window.
      $0.continuousClock = TestClock()
    } operation: {
      for calibration in [Self.learnt, second] {
        #expect(throws: Never.self) { try file.save(calibration).get() }
        let data = try Data(contentsOf: URL(fileURLWithPath: file.path))
        #expect(try JSONDecoder().decode(String.self, from: data) == calibration.textLine)
      }
    }
  }

  @Test("a file from an earlier version (the bare text line) is still read")
  func earlierVersionsFile() throws {
    let temporary = Self.temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: temporary.directory) }
    let file = CalibrationFile(path: temporary.file)
    try FileManager.default.createDirectory(
      atPath: temporary.directory + "/state", withIntermediateDirectories: true)
    try (Self.learnt.textLine + "\n").write(toFile: file.path, atomically: true, encoding: .utf8)
    #expect(try file.load().get() == Self.learnt)
  }

  @Test("a damaged file is reported, ignored, and replaced by the next calibration")
  func damagedFile() async throws {
    let temporary = Self.temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: temporary.directory) }
    let file = CalibrationFile(path: temporary.file)
    _ = file.save(Self.learnt)
    try "magnetometer-calibration 1 accuracy=high b=1,2\n".write(
      toFile: file.path, atomically: true, encoding: .utf8)
    let problems = Mutex<[String]>([])
    let board = Board()
    let client = board.client
      .keepingCalibration(in: file) { message in problems.withLock { $0.append(message) } }
    #expect(board.current == .uncalibrated)
    let reported = try #require(problems.withLock { $0 }.first)
    #expect(reported.hasPrefix("the saved magnetometer calibration \(file.path) is not usable"))
    board.current = Self.learnt
    await client.destroy(AnyHashableSendable(1))
    #expect(try file.load().get() == Self.learnt)
  }

  @Test("a path that cannot be written is reported, not fatal")
  func unwritable() async {
    let file = CalibrationFile(path: "/proc/sensors-demo/magnetometer-calibration")
    let problems = Mutex<[String]>([])
    let board = Board(Self.learnt)
    let client = board.client
      .keepingCalibration(in: file) { message in problems.withLock { $0.append(message) } }
    await client.destroy(AnyHashableSendable(1))
    #expect(
      problems.withLock { $0 }.first?.hasPrefix("cannot save the magnetometer calibration to /proc")
        == true)
  }
}
