import ComposableMotion
import ComposableSensorsTesting
import Foundation
import LinuxIIO
import SensorsTestSupport
import Testing

/// Devices plugged in and unplugged while a manager exists, on a sysfs tree the test grows
/// and shrinks: connect and disconnect events, a stream that ends with `deviceRemoved`, and a
/// new start that reads whatever device is there then.
@Suite(.tags(.integration), .timeLimit(.minutes(1))) struct HotPlugTests {
  /// Builds `fixture`'s device `directory` beside `tree`, then moves it under the root in one
  /// rename, as the kernel makes a device visible whole.
  static func plug(_ fixture: String, _ directory: String, into tree: SysfsTree) throws {
    let staging = try SysfsTree(fixtures: [fixture], in: .module)
    try FileManager.default.moveItem(
      atPath: staging.root + "/" + directory, toPath: tree.root + "/" + directory)
  }

  @Test func aDevicePluggedInIsReportedAndReadAndItsRemovalEndsTheStream() async throws {
    let tree = try SysfsTree()
    let clock = TestClock()
    let (events, report) = AsyncStream.makeStream(of: MotionLiveEvent.self)
    let motion = MotionClient.live(
      root: tree.root, deviceDirectory: tree.devDirectory, mode: .polling, clock: clock,
      onEvent: { report.yield($0) })
    var event = events.makeAsyncIterator()
    #expect(!motion.isAccelerometerAvailable, "nothing plugged in yet")
    await motion.create(id: "board")

    try Self.plug("forum-lsm6dsox", "iio:device1", into: tree)
    let lsm = try IIOSystem(root: tree.root, deviceDirectory: tree.devDirectory).device(index: 1)
    #expect(await event.next() == .deviceConnected(lsm, sensors: [.accelerometer, .gyro]))
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
    #expect(await event.next() == .deviceDisconnected(lsm, sensors: [.accelerometer, .gyro]))

    // Another board plugged in: a new start reads it, whether or not its event came yet.
    try Self.plug("pyadi-adis16480", "iio:device0", into: tree)
    var again = motion.startAccelerometerUpdates(id: "board").makeAsyncIterator()
    let flat = try #require(try await again.next())
    #expect(abs(flat.acceleration.z - -0.996255297) < 1e-9, "read from the ADIS16480")
    guard case .deviceConnected(let adis, let sensors) = await event.next() else {
      Issue.record("expected the ADIS16480's connection")
      return
    }
    #expect(adis.name == "adis16480")
    #expect(sensors == [.accelerometer, .gyro, .magnetometer])

    await motion.destroy(id: "board")
    #expect(tree.openDescriptors() == 0)
  }

  @Test func devicesTheSelectionRejectsAndChangesWithoutAManagerAreNotReported() async throws {
    let tree = try SysfsTree()
    let (events, report) = AsyncStream.makeStream(of: MotionLiveEvent.self)
    let motion = MotionClient.live(
      root: tree.root, deviceDirectory: tree.devDirectory, mode: .polling,
      devices: .named("adis16480"), clock: TestClock(), onEvent: { report.yield($0) })
    var event = events.makeAsyncIterator()
    // No manager yet: nobody is told.
    try Self.plug("pyadi-adis16480", "iio:device0", into: tree)
    #expect(!motion.isAccelerometerAvailable, "not looked at yet")
    await motion.create(id: "head")
    #expect(motion.isAccelerometerAvailable, "looked at when the first manager was made")
    try tree.remove("iio:device0")
    guard case .deviceDisconnected(let gone, _) = await event.next() else {
      Issue.record("expected a disconnection")
      return
    }
    #expect(gone.name == "adis16480")
    try Self.plug("forum-lsm6dsox", "iio:device1", into: tree)
    try tree.remove("iio:device1")
    try Self.plug("forum-lsm6dsox", "iio:device1", into: tree)
    try Self.plug("pyadi-adis16480", "iio:device0", into: tree)
    guard case .deviceConnected(let device, _) = await event.next() else {
      Issue.record("expected a connection")
      return
    }
    #expect(device.name == "adis16480")
    // Destroying the last manager returns once the watch has stopped: later changes are
    // never reported.
    await motion.destroy(id: "head")
    try tree.remove("iio:device0")
    report.finish()
    #expect(await event.next() == nil)
  }
}
