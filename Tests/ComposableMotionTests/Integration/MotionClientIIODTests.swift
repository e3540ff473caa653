import ComposableMotion
import ComposableSensorsTesting
import Foundation
import LinuxIIO
import SensorsTestSupport
import Testing

/// `MotionClient.live(iiod:)` against real iiod 0.24 serving the descriptions the local client's
/// umockdev tests read (`MotionClientUmockdevTests`): the same values must come out, through the
/// network, as come out of the local sysfs.
@Suite(
  .tags(.integration),
  .enabled(if: IIODServer.isInstalled, Comment(rawValue: IIODServer.skipMessage)),
  .timeLimit(.minutes(2)))
struct MotionClientIIODTests {
  private func fixture(_ name: String) throws -> String {
    let url = try UmockdevDescription.url(
      name, extension: nil, subdirectory: "iiod", in: .module)
    return url.path
  }

  @Test func pollsAnADIS16480ThroughIIODAsLocalIIOWould() async throws {
    let server = try IIODServer.start(device: try fixture("iiod-adis16480.umockdev"))
    defer { server.stop() }
    let motion = MotionClient.live(
      iiod: "127.0.0.1:\(server.port)", mode: .polling, clock: TestClock())
    #expect(!motion.isAccelerometerAvailable, "nothing is known before a manager exists")
    await motion.create(id: "imu")
    #expect(motion.isDeviceMotionAvailable)
    #expect(motion.availableAttitudeReferenceFrames().count == 3)
    var accel = motion.startAccelerometerUpdates(id: "imu").makeAsyncIterator()
    var gyro = motion.startGyroUpdates(id: "imu").makeAsyncIterator()
    var compass = motion.startMagnetometerUpdates(id: "imu").makeAsyncIterator()
    let a = try #require(try await accel.next())
    let w = try #require(try await gyro.next())
    let m = try #require(try await compass.next())
    // The figures MotionClientUmockdevTests reads from the same description, locally.
    #expect(abs(a.acceleration.z - -0.996255297) < 1e-9)
    #expect(abs(w.rotationRate.y - -0.00020523) < 1e-12)
    #expect(abs(m.magneticField.y - -24.54) < 1e-9)
    await motion.destroy(id: "imu")
  }

  @Test func streamsABufferedCaptureThroughIIOD() async throws {
    let server = try IIODServer.start(
      device: try fixture("iiod-accel-buffer.umockdev"),
      script: try fixture("iiod-accel-buffer.script"))
    defer { server.stop() }
    let motion = MotionClient.live(
      iiod: "127.0.0.1:\(server.port)", mode: .buffered, clock: TestClock())
    await motion.create(id: "hid")
    await motion.setUpdateInterval(id: "hid", sensor: .accelerometer, to: .microseconds(1))
    var updates = motion.startAccelerometerUpdates(id: "hid").makeAsyncIterator()
    var xs: [Double] = []
    for _ in 0..<10 { try xs.append(#require(try await updates.next()).acceleration.x) }
    let counts: [Double] = [173, 162, 135, 273, 338, 374, 435, 488, 526, 598]
    #expect(zip(xs, counts).allSatisfy { abs($0 - -$1 / 9.80665) < 1e-9 }, "\(xs)")
    await motion.destroy(id: "hid")
  }

  /// A client reading the ADIS16480's accelerometer through iiod, whose daemon was then killed:
  /// the client has reported the lost link.
  private struct DroppedLink {
    let port: UInt16
    let motion: MotionClient
    var accel: AsyncThrowingStream<AccelerometerData, any Error>.Iterator
    var events: AsyncStream<MotionLiveEvent>.Iterator
    let lost: MotionLiveEvent?
    /// Ends `events` after what was reported so far.
    let endEvents: @Sendable () -> Void
  }

  private func dropLink() async throws -> DroppedLink {
    let first = try IIODServer.start(device: try fixture("iiod-adis16480.umockdev"))
    let (events, sink) = AsyncStream.makeStream(of: MotionLiveEvent.self)
    let motion = MotionClient.live(
      iiod: "127.0.0.1:\(first.port)", mode: .polling, onEvent: { sink.yield($0) })
    await motion.create(id: "imu")
    await motion.setUpdateInterval(id: "imu", sensor: .accelerometer, to: .milliseconds(20))
    var accel = motion.startAccelerometerUpdates(id: "imu").makeAsyncIterator()
    _ = try #require(try await accel.next())
    first.stop()
    var seen = events.makeAsyncIterator()
    let lost = await seen.next()
    return DroppedLink(
      port: first.port, motion: motion, accel: accel, events: seen, lost: lost,
      endEvents: { sink.finish() })
  }

  @Test func reconnectsWhenTheLinkDropsAndReportsIt() async throws {
    var link = try await dropLink()
    let server = "127.0.0.1:\(link.port)"
    guard case .linkLost(server, let error, _) = link.lost else {
      Issue.record("expected linkLost first, got \(String(describing: link.lost))")
      return
    }
    #expect(error.retiresConnection)
    // The next attempt finds nothing listening, says so, and waits longer.
    let refused = await link.events.next()
    #expect(
      refused
        == .linkLost(
          server: server, error: .refused(server: server), retryingIn: .milliseconds(500)))
    let second = try IIODServer.start(
      device: try fixture("iiod-adis16480.umockdev"), port: link.port)
    defer { second.stop() }
    while let event = await link.events.next() {
      if case .linkRestored(let restored) = event {
        #expect(restored == server)
        break
      }
    }
    let after = try #require(try await link.accel.next())
    #expect(abs(after.acceleration.z - -0.996255297) < 1e-9)
    await link.motion.destroy(id: "imu")
  }

  @Test func endsTheStreamsOfADeviceTheBoardNoLongerHasAfterAReconnect() async throws {
    var link = try await dropLink()
    // The board comes back with another chip as iio:device0 (HID accel_3d for the ADIS16480).
    let second = try IIODServer.start(
      device: try fixture("iiod-accel-buffer.umockdev"), port: link.port)
    defer { second.stop() }
    await #expect {
      while try await link.accel.next() != nil {}
    } throws: { error in
      error as? MotionError
        == .readerFailed(
          .accelerometer, .deviceRemoved(path: "127.0.0.1:\(link.port)/iio:device0"))
    }
    // The look that found the other chip reported the change before the stream ended.
    link.endEvents()
    var changes: [String] = []
    while let event = await link.events.next() {
      switch event {
      case .deviceDisconnected(let device, let sensors):
        changes.append("- \(device.name) \(sensors.map(\.rawValue))")
      case .deviceConnected(let device, let sensors):
        changes.append("+ \(device.name) \(sensors.map(\.rawValue))")
      default: continue
      }
    }
    #expect(
      changes == [
        "- adis16480 [\"accelerometer\", \"gyro\", \"magnetometer\"]",
        "+ accel_3d [\"accelerometer\"]",
      ])
    await link.motion.destroy(id: "imu")
  }

  @Test func reportsDevicesThatChangeWhileNoReaderReconnects() async throws {
    let first = try IIODServer.start(device: try fixture("iiod-adis16480.umockdev"))
    let (events, sink) = AsyncStream.makeStream(of: MotionLiveEvent.self)
    let motion = MotionClient.live(
      iiod: "127.0.0.1:\(first.port)", mode: .polling, rescanInterval: .milliseconds(100),
      onEvent: { sink.yield($0) })
    await motion.create(id: "watch")
    // No stream runs, so no reader reconnects: only the periodic look can see the new board.
    first.stop()
    let second = try IIODServer.start(
      device: try fixture("iiod-accel-buffer.umockdev"), port: first.port)
    defer { second.stop() }
    let guardTask = watchdog(timeout: .seconds(30)) { sink.finish() }
    defer { guardTask.cancel() }
    var changes: [String] = []
    for await event in events {
      switch event {
      case .deviceDisconnected(let device, _): changes.append("- \(device.name)")
      case .deviceConnected(let device, _): changes.append("+ \(device.name)")
      default: continue
      }
      if changes.count == 2 { break }
    }
    await motion.destroy(id: "watch")
    #expect(changes == ["- adis16480", "+ accel_3d"])
    #expect(motion.isAvailable(.accelerometer), "the new board's accelerometer")
    #expect(!motion.isAvailable(.gyro), "the ADIS16480's gyroscope went with it")
  }

  @Test func failsWithATypedErrorWhenNoBoardAnswers() async throws {
    let closed = try ClosedPort()
    let motion = MotionClient.live(iiod: "127.0.0.1:\(closed.port)", clock: TestClock())
    await motion.create(id: "imu")
    #expect(!motion.isAccelerometerAvailable)
    var updates = motion.startAccelerometerUpdates(id: "imu").makeAsyncIterator()
    await #expect {
      _ = try await updates.next()
    } throws: { error in
      guard case .sensorUnavailable(.accelerometer, _, let skipped) = error as? MotionError else {
        return false
      }
      return skipped.first?.error == .remote(.refused(server: "127.0.0.1:\(closed.port)"))
    }
    await motion.destroy(id: "imu")
  }

  @Test func namesAnAddressThatDoesNotParse() async throws {
    let motion = MotionClient.live(iiod: "board:99999", clock: TestClock())
    await motion.create(id: "imu")
    var updates = motion.startAccelerometerUpdates(id: "imu").makeAsyncIterator()
    await #expect {
      _ = try await updates.next()
    } throws: { error in
      guard case .sensorUnavailable(_, _, let skipped) = error as? MotionError else { return false }
      return skipped.first?.error == .remote(.invalidAddress("board:99999"))
    }
    await motion.destroy(id: "imu")
  }
}
