import ComposableSensorsTesting
import Foundation
import SensorsTestSupport
import Synchronization
import Testing

@testable import ComposableMotion

/// An ADIS16480 whose buffer never delivers (no trigger drives it): the character device is a
/// FIFO nobody writes to, the sysfs attributes hold the board's values.
@Suite(.tags(.integration), .timeLimit(.minutes(1)))
struct SilentBufferedDeviceTests {
  static let device = "adis16480 (iio:device0)"

  @Test("Automatic mode: no scan within 250 ms on the clock, so it polls and says so")
  func automaticFallsBackToPolling() async throws {
    let tree = try SysfsTree(fixtures: ["pyadi-adis16480"], in: .module)
    let fifo = try FakeCharacterDevice(tree: tree)
    defer { fifo.unplug() }
    let clock = TestClock()
    let events = Mutex<[MotionLiveEvent]>([])
    let motion = MotionClient.live(
      root: tree.root, deviceDirectory: tree.devDirectory, clock: clock,
      onEvent: { event in events.withLock { $0.append(event) } })
    await motion.create(id: "imu")
    var accel = motion.startAccelerometerUpdates(id: "imu").makeAsyncIterator()
    // The reader enabled the buffer and armed its deadline; nothing arrives.
    await clock.waitForSleepers()
    await waitUntil("the reader enables the buffer") { try Self.enable(tree) == "1" }
    #expect(events.withLock { $0 }.isEmpty)
    await clock.advance(by: .milliseconds(250))

    let flat = try #require(try await accel.next())
    #expect(abs(flat.acceleration.z - -0.996255297) < 1e-9, "the polled board, lying flat")
    let cause = MotionError.noScans(.accelerometer, device: Self.device, waited: .milliseconds(250))
    #expect(
      events.withLock { $0 }
        == [.fellBackToPolling(sensors: [.accelerometer], device: Self.device, cause: cause)])
    #expect(cause.description.contains("needs a trigger"))
    // The buffered attempt put the device back before polling began.
    #expect(try Self.enable(tree) == "0")
    await motion.destroy(id: "imu")
    #expect(tree.openDescriptors(excluding: [fifo.fd]) == 0)
  }

  @Test("Buffered mode: the stream fails with noScans, naming the device and the wait")
  func bufferedModeNamesTheCause() async throws {
    let tree = try SysfsTree(fixtures: ["pyadi-adis16480"], in: .module)
    let fifo = try FakeCharacterDevice(tree: tree)
    defer { fifo.unplug() }
    let clock = TestClock()
    let motion = MotionClient.live(
      root: tree.root, deviceDirectory: tree.devDirectory, mode: .buffered, clock: clock)
    await motion.create(id: "imu")
    await motion.setUpdateInterval(id: "imu", sensor: .gyro, to: .milliseconds(100))
    var gyro = motion.startGyroUpdates(id: "imu").makeAsyncIterator()
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(500))
    await #expect(
      throws: MotionError.noScans(.gyro, device: Self.device, waited: .milliseconds(500))
    ) {
      _ = try await gyro.next()
    }
    #expect(try Self.enable(tree) == "0")
    await motion.destroy(id: "imu")
  }

  static func enable(_ tree: SysfsTree) throws -> String {
    try String(contentsOfFile: tree.root + "/iio:device0/buffer/enable", encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test("The deadline is a few sample periods, between 250 ms and 1 s")
  func deadline() {
    #expect(LiveIIOSensors.scanTimeout(interval: .milliseconds(1)) == .milliseconds(250))
    #expect(LiveIIOSensors.scanTimeout(interval: .milliseconds(100)) == .milliseconds(500))
    #expect(LiveIIOSensors.scanTimeout(interval: .seconds(2)) == .seconds(1))
  }
}
