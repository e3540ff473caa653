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
    let url = try #require(
      Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/iiod"))
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

  @Test func reconnectsWhenTheLinkDropsAndReportsIt() async throws {
    let first = try IIODServer.start(device: try fixture("iiod-adis16480.umockdev"))
    let port = first.port
    let (events, sink) = AsyncStream.makeStream(of: MotionLiveEvent.self)
    let motion = MotionClient.live(
      iiod: "127.0.0.1:\(port)", mode: .polling, onEvent: { sink.yield($0) })
    await motion.create(id: "imu")
    await motion.setUpdateInterval(id: "imu", sensor: .accelerometer, to: .milliseconds(20))
    var accel = motion.startAccelerometerUpdates(id: "imu").makeAsyncIterator()
    _ = try #require(try await accel.next())
    first.stop()
    var seen = events.makeAsyncIterator()
    guard case .linkLost(let server, let error, _) = await seen.next() else {
      Issue.record("expected linkLost first")
      return
    }
    #expect(server == "127.0.0.1:\(port)")
    #expect(error.retiresConnection)
    let second = try IIODServer.start(device: try fixture("iiod-adis16480.umockdev"), port: port)
    defer { second.stop() }
    while let event = await seen.next() {
      if case .linkRestored(let restored) = event {
        #expect(restored == server)
        break
      }
    }
    let after = try #require(try await accel.next())
    #expect(abs(after.acceleration.z - -0.996255297) < 1e-9)
    await motion.destroy(id: "imu")
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
