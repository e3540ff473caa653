import ComposableStore
import SensorsTestSupport
import Testing

@testable import ComposableMotion

/// How a hub-backed client shares readers between managers: what a user sees when two
/// features watch the same sensor, stop, cancel and start again.
@Suite(.timeLimit(.minutes(1))) struct MotionClientSharingTests {
  let backend = ManualBackend(routes: [
    .accelerometer: "imu", .gyro: "imu", .magnetometer: "compass",
  ])

  func client(bufferLimit: Int = 16) -> MotionClient {
    MotionClient(backend: backend.backend, bufferLimit: bufferLimit)
  }

  func flat(_ t: Double) -> MotionScan {
    MotionScan(
      timestamp: t, acceleration: Acceleration(x: 0, y: 0, z: -1),
      rotationRate: RotationRate(x: 0, y: 0, z: 0.5))
  }

  @Test func twoManagersShareOneReaderAndBothReceiveEverySample() async throws {
    let motion = client()
    await motion.create(id: "left")
    await motion.create(id: "right")
    var left = motion.startAccelerometerUpdates(id: "left").makeAsyncIterator()
    var right = motion.startAccelerometerUpdates(id: "right").makeAsyncIterator()
    await backend.waitUntilRunning("imu")

    backend.push(flat(1.0), to: "imu")
    #expect(try await left.next()?.acceleration.z == -1)
    #expect(try await right.next()?.timestamp == 1.0)
    #expect(backend.events == [.started("imu", [.accelerometer], .milliseconds(10))])
    await motion.destroy(id: "left")
    await motion.destroy(id: "right")
  }

  @Test func stoppingOneManagerFinishesItsStreamAndLeavesTheOtherRunning() async throws {
    let motion = client()
    await motion.create(id: "left")
    await motion.create(id: "right")
    var left = motion.startAccelerometerUpdates(id: "left").makeAsyncIterator()
    var right = motion.startAccelerometerUpdates(id: "right").makeAsyncIterator()
    await backend.waitUntilRunning("imu")

    await motion.stopAccelerometerUpdates(id: "left")
    #expect(try await left.next() == nil, "stop finishes the stream")
    #expect(!motion.isAccelerometerActive(id: "left"))
    #expect(motion.isAccelerometerActive(id: "right"))
    #expect(backend.isRunning("imu"))

    backend.push(flat(2.0), to: "imu")
    #expect(try await right.next()?.timestamp == 2.0)

    await motion.stopAccelerometerUpdates(id: "right")
    #expect(!backend.isRunning("imu"), "the last stop stops the reader before returning")
    #expect(backend.events.last == .stopped("imu"))
  }

  @Test func cancellingTheConsumerStopsTheReaderWhenNobodyElseNeedsIt() async throws {
    let motion = client()
    await motion.create(id: "solo")
    let stream = motion.startGyroUpdates(id: "solo")
    await backend.waitUntilRunning("imu")
    let (arrivals, arrived) = AsyncStream<Void>.makeStream()
    let consumer = Task {
      var count = 0
      for try await _ in stream {
        count += 1
        arrived.yield()
      }
      return count
    }
    backend.push(flat(0.5), to: "imu")
    var firstArrival = arrivals.makeAsyncIterator()
    _ = await firstArrival.next()  // the sample reached the consumer: an event, not a poll
    consumer.cancel()
    _ = try? await consumer.value
    await backend.waitUntilStopped("imu")
    #expect(!motion.isGyroActive(id: "solo"))
    #expect(motion.gyroData(id: "solo")?.rotationRate.z == 0.5, "the last sample stays readable")
  }

  @Test func aStreamCanBeStartedAgainAfterStopAndAfterCancel() async throws {
    let motion = client()
    await motion.create(id: "m")
    let first = motion.startMagnetometerUpdates(id: "m")
    await backend.waitUntilRunning("compass")
    await motion.stopMagnetometerUpdates(id: "m")

    var finished = first.makeAsyncIterator()
    #expect(try await finished.next() == nil)
    var again = motion.startMagnetometerUpdates(id: "m").makeAsyncIterator()
    await backend.waitUntilRunning("compass")
    backend.push(
      MotionScan(timestamp: 3, magneticField: MagneticField(x: 20, y: 0, z: -40)), to: "compass")
    #expect(try await again.next()?.magneticField.z == -40)

    let cancelled = Task { [stream = motion.startMagnetometerUpdates(id: "m")] in
      for try await _ in stream {}
    }
    cancelled.cancel()
    _ = try? await cancelled.value
    await waitUntil("the magnetometer stops") { !motion.isMagnetometerActive(id: "m") }

    var third = motion.startMagnetometerUpdates(id: "m").makeAsyncIterator()
    await backend.waitUntilRunning("compass")
    backend.push(
      MotionScan(timestamp: 4, magneticField: MagneticField(x: 1, y: 2, z: 3)), to: "compass")
    #expect(try await third.next()?.timestamp == 4)
    await motion.destroy(id: "m")
  }

  @Test func aSecondStartReplacesTheFirstStream() async throws {
    let motion = client()
    await motion.create(id: "m")
    var first = motion.startAccelerometerUpdates(id: "m").makeAsyncIterator()
    var second = motion.startAccelerometerUpdates(id: "m").makeAsyncIterator()
    await backend.waitUntilRunning("imu")
    #expect(try await first.next() == nil, "the first stream finished when replaced")
    backend.push(flat(5), to: "imu")
    #expect(try await second.next()?.timestamp == 5)
    #expect(motion.isAccelerometerActive(id: "m"))
    await motion.destroy(id: "m")
  }

  @Test func aSlowConsumerDropsTheOldestSamplesAndTheCountIsVisible() async throws {
    let motion = client(bufferLimit: 4)
    await motion.create(id: "slow")
    await motion.setUpdateInterval(id: "slow", sensor: .accelerometer, to: .milliseconds(1))
    var slow = motion.startAccelerometerUpdates(id: "slow").makeAsyncIterator()
    await backend.waitUntilRunning("imu")
    for step in 0..<1000 { backend.push(flat(Double(step) * 0.001), to: "imu") }

    #expect(motion.droppedSamples(id: "slow", sensor: .accelerometer) == 996)
    var kept: [Double] = []
    for _ in 0..<4 { try await kept.append(#require(slow.next()).timestamp) }
    #expect(kept == [0.996, 0.997, 0.998, 0.999], "the newest samples are kept, in order")
    await motion.destroy(id: "slow")
  }

  @Test func destroyFinishesEveryStreamAndStopsEveryReader() async throws {
    let motion = client()
    await motion.create(id: "all")
    var accel = motion.startAccelerometerUpdates(id: "all").makeAsyncIterator()
    var mag = motion.startMagnetometerUpdates(id: "all").makeAsyncIterator()
    await backend.waitUntilRunning("imu")
    await backend.waitUntilRunning("compass")

    await motion.destroy(id: "all")
    #expect(!backend.isRunning("imu"))
    #expect(!backend.isRunning("compass"))
    #expect(try await accel.next() == nil)
    #expect(try await mag.next() == nil)
    #expect(motion.accelerometerData(id: "all") == nil)
  }

  @Test func startingWithoutCreateFailsWithAnActionableError() async throws {
    let motion = client()
    var updates = motion.startAccelerometerUpdates(id: "ghost").makeAsyncIterator()
    await #expect(throws: MotionError.managerNotCreated(AnyHashableSendable("ghost"))) {
      try await updates.next()
    }
    #expect(backend.events.isEmpty)
  }

  @Test func aMissingSensorFailsTheStreamAndSaysWhereItLooked() async throws {
    let motion = MotionClient(
      backend: ManualBackend(routes: [.accelerometer: "accel"]).backend, bufferLimit: 8)
    await motion.create(id: "m")
    #expect(!motion.isGyroAvailable)
    #expect(!motion.isDeviceMotionAvailable)
    var gyro = motion.startGyroUpdates(id: "m").makeAsyncIterator()
    do {
      _ = try await gyro.next()
      Issue.record("expected the gyro stream to fail")
    } catch let error as MotionError {
      #expect(error == .sensorUnavailable(.gyro, searched: "the manual test backend"))
      #expect(error.description == "No gyro sensor found (searched the manual test backend).")
    }
  }

  @Test func aFailingReaderFailsItsStreamsAndCanBeStartedAgain() async throws {
    let motion = client()
    await motion.create(id: "m")
    var accel = motion.startAccelerometerUpdates(id: "m").makeAsyncIterator()
    await backend.waitUntilRunning("imu")
    let unplugged = MotionError.readerFailed(
      .accelerometer, .deviceRemoved(path: "/dev/iio:device0"))
    backend.fail("imu", with: unplugged)
    await #expect(throws: unplugged) { try await accel.next() }
    #expect(!motion.isAccelerometerActive(id: "m"))

    var again = motion.startAccelerometerUpdates(id: "m").makeAsyncIterator()
    await backend.waitUntilRunning("imu")
    backend.push(flat(9), to: "imu")
    #expect(try await again.next()?.timestamp == 9)
    await motion.destroy(id: "m")
  }

  @Test(arguments: [MotionSensor.accelerometer, .gyro, .magnetometer])
  func eachFlagReadsItsOwnSensor(onlySensor sensor: MotionSensor) async {
    // A device with this one sensor, streamed by one manager: every other flag stays false.
    let motion = MotionClient(
      backend: ManualBackend(routes: [sensor: "chip"]).backend, bufferLimit: 8)
    #expect(motion.isAccelerometerAvailable == (sensor == .accelerometer))
    #expect(motion.isGyroAvailable == (sensor == .gyro))
    #expect(motion.isMagnetometerAvailable == (sensor == .magnetometer))
    #expect(!motion.isDeviceMotionAvailable)
    await motion.create(id: "m")
    let stream: Any =
      switch sensor {
      case .accelerometer: motion.startAccelerometerUpdates(id: "m")
      case .gyro: motion.startGyroUpdates(id: "m")
      case .magnetometer: motion.startMagnetometerUpdates(id: "m")
      }
    #expect(motion.isAccelerometerActive(id: "m") == (sensor == .accelerometer))
    #expect(motion.isGyroActive(id: "m") == (sensor == .gyro))
    #expect(motion.isMagnetometerActive(id: "m") == (sensor == .magnetometer))
    #expect(!motion.isDeviceMotionActive(id: "m"))
    await motion.destroy(id: "m")
    #expect(!motion.isActive(AnyHashableSendable("m"), MotionService(sensor)))
    _ = stream
  }

  @Test func deviceMotionIsActiveAloneThoughItReadsTheAccelerometerAndGyroscope() async {
    let motion = client()
    #expect(motion.isDeviceMotionAvailable)
    await motion.create(id: "m")
    let stream = motion.startDeviceMotionUpdates(id: "m")
    await backend.waitUntilRunning("imu")
    #expect(motion.isDeviceMotionActive(id: "m"))
    #expect(!motion.isAccelerometerActive(id: "m"), "the fused stream is not an accelerometer one")
    #expect(!motion.isGyroActive(id: "m"))
    await motion.destroy(id: "m")
    _ = stream
  }

  @Test func droppingTheStreamEndsTheSubscription() async {
    let motion = client()
    await motion.create(id: "m")
    do {
      let stream = motion.startGyroUpdates(id: "m")
      await backend.waitUntilRunning("imu")
      _ = stream
    }
    await backend.waitUntilStopped("imu")
    #expect(!motion.isGyroActive(id: "m"))
  }

  @Test func aNewIntervalRestartsTheReaderAtTheNewRateAndTheStreamGoesOn() async throws {
    let motion = client()
    await motion.create(id: "m")
    var gyro = motion.startGyroUpdates(id: "m").makeAsyncIterator()
    await backend.waitUntilRunning("imu")
    await motion.setUpdateInterval(id: "m", sensor: .gyro, to: .milliseconds(50))
    #expect(motion.updateInterval(id: "m", sensor: .gyro) == .milliseconds(50))
    await backend.waitUntilRunning("imu")
    #expect(
      backend.events == [
        .started("imu", [.gyro], .milliseconds(10)), .stopped("imu"),
        .started("imu", [.gyro], .milliseconds(50)),
      ])
    backend.push(flat(1), to: "imu")
    #expect(try await gyro.next()?.timestamp == 1)
    await motion.destroy(id: "m")
  }

  @Test func aZeroOrNegativeIntervalMeansAsFastAsTheSensorGoes() async throws {
    let motion = client()
    await motion.create(id: "m")
    await motion.setUpdateInterval(id: "m", sensor: .gyro, to: .zero)
    #expect(motion.updateInterval(id: "m", sensor: .gyro) == .microseconds(1))
    await motion.setUpdateInterval(id: "m", sensor: .accelerometer, to: .milliseconds(-5))
    #expect(motion.updateInterval(id: "m", sensor: .accelerometer) == .microseconds(1))
    var gyro = motion.startGyroUpdates(id: "m").makeAsyncIterator()
    await backend.waitUntilRunning("imu")
    #expect(backend.events == [.started("imu", [.gyro], .microseconds(1))])
    backend.push(flat(1), to: "imu")
    #expect(try await gyro.next()?.timestamp == 1)
    await motion.destroy(id: "m")
  }
}
