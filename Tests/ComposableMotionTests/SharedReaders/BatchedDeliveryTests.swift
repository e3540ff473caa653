import ComposableStore
import Testing

@testable import ComposableMotion

/// A buffered reader hands the hub a whole read's scans at once and learns from the answer
/// how long it may leave the kernel buffer alone.
@Suite(.timeLimit(.minutes(1))) struct BatchedDeliveryTests {
  /// Scans of a 1 kHz IMU from `first` (inclusive) to `end` (exclusive), in milliseconds.
  func scans(_ milliseconds: Range<Int>) -> [MotionScan] {
    milliseconds.map { step in
      MotionScan(
        timestamp: 100 + Double(step) / 1000, acceleration: Acceleration(x: 0, y: 0, z: -1),
        rotationRate: RotationRate(x: 0, y: 0, z: 0.1))
    }
  }

  @Test func aReadReachesDeviceMotionInOrderAndTellsTheReaderWhenTheNextOutputIsDue()
    async throws
  {
    let backend = ManualBackend(routes: [.accelerometer: "imu", .gyro: "imu"])
    let motion = MotionClient(backend: backend.backend, bufferLimit: 64)
    await motion.create(id: "m")
    var updates = motion.startDeviceMotionUpdates(id: "m").makeAsyncIterator()
    await backend.waitUntilRunning("imu")

    // The first scan is an output; the next is due 10 ms later, and counts from 2.5 ms early.
    let needed = try #require(backend.pushRead(scans(0..<5), to: "imu"))
    #expect(try await updates.next()?.timestamp == 100)
    #expect(abs(try #require(needed) - 100.0075) < 1e-9)

    // A read that ends before that time changes nothing; the one that reaches it is an output.
    let unchanged = try #require(backend.pushRead(scans(5..<7), to: "imu"))
    #expect(abs(try #require(unchanged) - 100.0075) < 1e-9)
    let next = try #require(backend.pushRead(scans(7..<9), to: "imu"))
    #expect(try await updates.next()?.timestamp == scans(8..<9).first?.timestamp)
    #expect(abs(try #require(next) - 100.0175) < 1e-9)
    await motion.destroy(id: "m")
  }

  @Test func aRawSubscriberOnTheSameReaderWantsEveryScanPromptly() async throws {
    var imu = await SharedIMUSubscribers.started()
    let (backend, motion) = (imu.backend, imu.motion)

    let answer = try #require(backend.pushRead(scans(0..<3), to: "imu"))
    #expect(answer == nil, "the accelerometer stream paces itself: the reader must not pause")
    #expect(try await imu.fused.next()?.timestamp == 100)
    #expect(try await imu.raw.next()?.timestamp == 100)
    await motion.destroy(id: "steps")
    await motion.destroy(id: "tilt")
  }

  @Test func theLatestOutputIsKeptForThePullAPI() async throws {
    let backend = ManualBackend(routes: [.accelerometer: "imu", .gyro: "imu"])
    let motion = MotionClient(backend: backend.backend, bufferLimit: 64)
    await motion.create(id: "m")
    var updates = motion.startDeviceMotionUpdates(id: "m").makeAsyncIterator()
    await backend.waitUntilRunning("imu")
    _ = backend.pushRead(scans(0..<9), to: "imu")
    _ = try await updates.next()
    let second = try #require(try await updates.next())
    #expect(motion.deviceMotion(id: "m") == second)
    await motion.destroy(id: "m")
    #expect(motion.deviceMotion(id: "m") == nil, "a destroyed manager keeps nothing")
  }
}
