import ComposableMotion
import ComposableSensorsTesting
import Foundation
import SensorsTestSupport
import Synchronization
import Testing

/// A buffered device that delivered, then stops: the stream stays open, the client says the
/// device is stale exactly one timeout after its last scan, on its clock, and that it resumed.
@Suite(.tags(.integration), .timeLimit(.minutes(1))) struct StaleStreamTests {
  @Test func aDeviceThatStopsIsReportedStaleOnTheClockThenResumed() async throws {
    let hid = try BufferedHIDAccelerometer()
    let clock = TestClock()
    let events = Mutex<[MotionLiveEvent]>([])
    let motion = MotionClient.live(
      root: hid.root, deviceDirectory: hid.devDirectory, clock: clock,
      onEvent: { event in events.withLock { $0.append(event) } })
    await motion.create(id: "hid")
    await motion.setUpdateInterval(id: "hid", sensor: .accelerometer, to: .microseconds(1))
    var updates = motion.startAccelerometerUpdates(id: "hid").makeAsyncIterator()
    try hid.play(scans: 2)
    _ = try #require(try await updates.next())
    _ = try #require(try await updates.next())

    // The scans came at 0 ms on the clock; the first deadline is at 250 ms.
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(249))
    #expect(events.withLock { $0 }.isEmpty, "249 ms of silence is not yet a timeout")
    await clock.advance(by: .milliseconds(1))
    let device = "accel_3d (iio:device0)"
    #expect(
      events.withLock { $0 }
        == [.stale(sensors: [.accelerometer], device: device, silentFor: .milliseconds(250))])
    await clock.advance(by: .seconds(2))
    #expect(events.withLock { $0 }.count == 1, "reported once")

    // The capture's third scan: later than the two delivered, so the pacing keeps it.
    try hid.fifo.write(
      Array(try UmockdevDescription.bytes("isp-orientation-left-up", in: .module)[48..<72]))
    let next = try #require(try await updates.next())
    #expect(abs(next.acceleration.x - -135 / 9.80665) < 1e-9)
    #expect(events.withLock { $0.last } == .resumed(sensors: [.accelerometer], device: device))
    #expect(motion.isAccelerometerActive(id: "hid"), "staleness never ends the stream")

    await motion.destroy(id: "hid")
    #expect(hid.readerDescriptors == 0)
  }
}
