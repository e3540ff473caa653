import ComposableMotion
import ComposableSensorsTesting
import Foundation
import LinuxIIO
import SensorsTestSupport
import Synchronization
import Testing

/// Devices plugged in and unplugged while a manager exists, on a sysfs tree the test grows
/// and shrinks: connect and disconnect events, a stream that ends with `deviceRemoved`, and a
/// new start that reads whatever device is there then.
@Suite(.tags(.integration), .timeLimit(.minutes(1))) struct HotPlugTests {
  /// Builds `fixture`'s device `directory` beside `tree`, then moves it under the root in one
  /// rename, as the kernel makes a device visible whole.
  static func plug(_ fixture: String, _ directory: String, into tree: SysfsTree) throws {
    let staging = try SysfsTree(fixtures: [fixture])
    try FileManager.default.moveItem(
      atPath: staging.root + "/" + directory, toPath: tree.root + "/" + directory)
  }

  @Test func aDevicePluggedInIsReportedAndReadAndItsRemovalEndsTheStream() async throws {
    let tree = try SysfsTree(fixtures: [])
    let clock = TestClock()
    let events = Mutex<[MotionLiveEvent]>([])
    let motion = MotionClient.live(
      root: tree.root, deviceDirectory: tree.devDirectory, mode: .polling, clock: clock,
      onEvent: { event in events.withLock { $0.append(event) } })
    #expect(!motion.isAccelerometerAvailable, "nothing plugged in yet")
    await motion.create(id: "board")

    try Self.plug("forum-lsm6dsox", "iio:device1", into: tree)
    await eventually { events.withLock { $0.count } == 1 }
    let lsm = try IIOSystem(root: tree.root, deviceDirectory: tree.devDirectory).device(index: 1)
    #expect(events.withLock { $0 } == [.deviceConnected(lsm, sensors: [.accelerometer, .gyro])])
    #expect(motion.isAccelerometerAvailable && motion.isGyroAvailable)

    var accel = motion.startAccelerometerUpdates(id: "board").makeAsyncIterator()
    let sample = try #require(try await accel.next())
    #expect(abs(sample.acceleration.x - -0.197090786) < 1e-9, "read from the LSM6DSOX")

    // Unplugged: the next poll finds the device gone.
    try tree.remove("iio:device1")
    await clock.advance(by: .milliseconds(10))
    await #expect(throws: MotionError.readerFailed(.accelerometer, .deviceRemoved(path: lsm.path)))
    {
      while try await accel.next() != nil {}
    }
    await eventually { events.withLock { $0.count } == 2 }
    #expect(
      events.withLock { $0.last } == .deviceDisconnected(lsm, sensors: [.accelerometer, .gyro]))

    // Another board plugged in: a new start reads it, whether or not its event came yet.
    try Self.plug("pyadi-adis16480", "iio:device0", into: tree)
    var again = motion.startAccelerometerUpdates(id: "board").makeAsyncIterator()
    let flat = try #require(try await again.next())
    #expect(abs(flat.acceleration.z - -0.996255297) < 1e-9, "read from the ADIS16480")
    await eventually { events.withLock { $0.count } == 3 }
    guard case .deviceConnected(let adis, let sensors) = events.withLock({ $0.last }) else {
      Issue.record("expected the ADIS16480's connection, got \(events.withLock { $0 })")
      return
    }
    #expect(adis.name == "adis16480")
    #expect(sensors == [.accelerometer, .gyro, .magnetometer])

    await motion.destroy(id: "board")
    #expect(tree.openDescriptors() == 0)
  }

  @Test func devicesTheSelectionRejectsAndChangesWithoutAManagerAreNotReported() async throws {
    let tree = try SysfsTree(fixtures: [])
    let events = Mutex<[MotionLiveEvent]>([])
    let motion = MotionClient.live(
      root: tree.root, deviceDirectory: tree.devDirectory, mode: .polling,
      devices: .named("adis16480"), clock: TestClock(),
      onEvent: { event in events.withLock { $0.append(event) } })
    // No manager yet: nobody is told.
    try Self.plug("forum-lsm6dsox", "iio:device1", into: tree)
    await motion.create(id: "head")
    try tree.remove("iio:device1")
    try Self.plug("forum-lsm6dsox", "iio:device1", into: tree)
    try Self.plug("pyadi-adis16480", "iio:device0", into: tree)
    await eventually { events.withLock { $0.count } >= 1 }
    guard case .deviceConnected(let device, _) = events.withLock({ $0.first }) else {
      Issue.record("expected a connection, got \(events.withLock { $0 })")
      return
    }
    #expect(device.name == "adis16480")
    await motion.destroy(id: "head")
    try tree.remove("iio:device0")
    // The watch stopped with the last manager: this removal is never reported.
    #expect(events.withLock { $0.count } == 1)
  }
}
