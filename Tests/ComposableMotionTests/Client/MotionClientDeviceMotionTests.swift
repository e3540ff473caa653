import ComposableStore
import Testing

@testable import ComposableMotion

/// Device motion over shared readers: fused from sensors on one device or on several, paced
/// to its own interval, sharing readers with raw subscribers.
@Suite(.timeLimit(.minutes(1))) struct MotionClientDeviceMotionTests {
  func scan(_ t: Double, accel: Bool = true, gyro: Bool = true) -> MotionScan {
    MotionScan(
      timestamp: t,
      acceleration: accel ? Acceleration(x: 0, y: 0, z: -1) : nil,
      rotationRate: gyro ? RotationRate(x: 0, y: 0, z: 0) : nil)
  }

  @Test func sensorsOnSeparateDevicesAreFusedWithTheLatestAccelerometerValue() async throws {
    let backend = ManualBackend(routes: [.accelerometer: "accel-chip", .gyro: "gyro-chip"])
    let motion = MotionClient(backend: backend.backend, bufferLimit: 64)
    #expect(motion.availableAttitudeReferenceFrames() == [.xArbitraryZVertical])
    await motion.create(id: "m")
    var updates = motion.startDeviceMotionUpdates(id: "m").makeAsyncIterator()
    await backend.waitUntilRunning("accel-chip")
    await backend.waitUntilRunning("gyro-chip")

    backend.push(scan(0.000, accel: false), to: "gyro-chip")  // no accelerometer value yet
    #expect(motion.deviceMotion(id: "m") == nil)
    backend.push(scan(0.001, gyro: false), to: "accel-chip")
    backend.push(scan(0.002, accel: false), to: "gyro-chip")
    let first = try #require(try await updates.next())
    #expect(first.timestamp == 0.002)
    #expect(abs(first.gravity.z - -1) < 1e-9)
    await motion.destroy(id: "m")
  }

  @Test func outputIsPacedToTheDeviceMotionIntervalWhileTheFilterSeesEverySample() async throws {
    let backend = ManualBackend(routes: [.accelerometer: "imu", .gyro: "imu"])
    let motion = MotionClient(backend: backend.backend, bufferLimit: 1000)
    await motion.create(id: "m")
    await motion.setUpdateInterval(id: "m", sensor: .deviceMotion, to: .milliseconds(50))
    let stream = motion.startDeviceMotionUpdates(id: "m")
    await backend.waitUntilRunning("imu")
    #expect(
      backend.events == [.started("imu", [.accelerometer, .gyro], .milliseconds(10))],
      "the filter's reader never runs slower than 100 Hz")
    for step in 0..<100 { backend.push(scan(Double(step) * 0.01), to: "imu") }
    await motion.stopDeviceMotionUpdates(id: "m")
    var times: [Double] = []
    for try await update in stream { times.append(update.timestamp) }
    #expect((20...21).contains(times.count), "one second at 20 Hz: \(times)")
    #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 >= 0.04 - 1e-9 })
  }

  @Test func rawAndFusedSubscribersShareOneReader() async throws {
    var imu = await SharedIMUSubscribers.started()
    let (backend, motion) = (imu.backend, imu.motion)
    backend.push(scan(1), to: "imu")
    #expect(try await imu.raw.next()?.timestamp == 1)
    #expect(try await imu.fused.next()?.timestamp == 1)
    await motion.stopDeviceMotionUpdates(id: "tilt")
    // The raw subscriber still needs the reader: it restarts for the accelerometer alone, and
    // the new reader task registers asynchronously after the old one has ended.
    await backend.waitUntilRunning("imu")
    #expect(motion.isAccelerometerActive(id: "steps"))
    await motion.destroy(id: "steps")
    #expect(!backend.isRunning("imu"))
    await motion.destroy(id: "tilt")
  }

  @Test func withoutAGyroscopeThereIsNoDeviceMotion() async throws {
    let backend = ManualBackend(routes: [.accelerometer: "accel"])
    let motion = MotionClient(backend: backend.backend, bufferLimit: 8)
    #expect(!motion.isDeviceMotionAvailable)
    #expect(motion.availableAttitudeReferenceFrames().isEmpty)
    await motion.create(id: "m")
    var updates = motion.startDeviceMotionUpdates(id: "m").makeAsyncIterator()
    await #expect(throws: MotionError.sensorUnavailable(.gyro, searched: "the manual test backend"))
    {
      try await updates.next()
    }
  }
}
