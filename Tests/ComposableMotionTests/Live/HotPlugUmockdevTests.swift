import ComposableMotion
import ComposableSensorsTesting
import Foundation
import SensorsTestSupport
import Testing

/// Hot-plug at the real `/sys/bus/iio/devices`, under `umockdev-run`: the child unplugs the
/// ADIS16480 by removing its entry from the testbed, then plugs it back under another number.
@Suite(
  .tags(.integration),
  .umockdevInstalled,
  .timeLimit(.minutes(2)))
struct HotPlugUmockdevTests {
  @Test func unplugAndReplugAtTheDefaultRoot() async throws {
    let child = try await Umockdev.run(
      device: "pyadi-adis16480", test: "HotPlugUmockdevChildTests/unplugAndReplug()")
    #expect(child.passed, "child under umockdev-run failed:\n\(child.output)")
  }
}

/// The half that runs inside `umockdev-run`; disabled in an ordinary run.
@Suite(.tags(.integration), .insideUmockdev)
struct HotPlugUmockdevChildTests {
  @Test func unplugAndReplug() async throws {
    let testbed = try #require(ProcessInfo.processInfo.environment["UMOCKDEV_DIR"])
    let entries = testbed + "/sys/bus/iio/devices/"
    let target = try FileManager.default.destinationOfSymbolicLink(
      atPath: entries + "iio:device0")
    let clock = TestClock()
    let (events, report) = AsyncStream.makeStream(of: MotionLiveEvent.self)
    let motion = MotionClient.live(mode: .polling, clock: clock, onEvent: { report.yield($0) })
    var event = events.makeAsyncIterator()
    await motion.create(id: "imu")
    var accel = motion.startAccelerometerUpdates(id: "imu").makeAsyncIterator()
    let flat = try #require(try await accel.next())
    #expect(abs(flat.acceleration.z - -0.996255297) < 1e-9)

    try FileManager.default.removeItem(atPath: entries + "iio:device0")
    guard case .deviceDisconnected(let gone, let sensors) = await event.next() else {
      Issue.record("expected a disconnection")
      return
    }
    #expect(gone.id == "iio:device0" && sensors == [.accelerometer, .gyro, .magnetometer])
    await clock.advance(by: .milliseconds(10))
    await #expect(
      throws: MotionError.readerFailed(
        .accelerometer, .deviceRemoved(path: "/sys/bus/iio/devices/iio:device0"))
    ) {
      while try await accel.next() != nil {}
    }

    try FileManager.default.createSymbolicLink(
      atPath: entries + "iio:device3", withDestinationPath: target)
    let next = await event.next()
    guard case .deviceConnected(let back, _) = next else {
      Issue.record("expected a connection, got \(String(describing: next))")
      return
    }
    #expect(back.id == "iio:device3" && back.name == "adis16480", "\(back)")
    var again = motion.startAccelerometerUpdates(id: "imu").makeAsyncIterator()
    let replugged = try #require(try await again.next())
    #expect(abs(replugged.acceleration.z - -0.996255297) < 1e-9)
    await motion.destroy(id: "imu")
  }
}
