import ComposableStore
import Testing

@testable import ComposableMotion

/// The shared-reader bookkeeping, driven directly: no tasks, no streams.
@Suite struct SensorHubStateMachineTests {
  typealias Machine = SensorHubStateMachine<String>
  let a = AnyHashableSendable("A")
  let b = AnyHashableSendable("B")
  let ms10 = Duration.milliseconds(10)

  /// An IMU whose accelerometer and gyroscope share one device, and a separate magnetometer.
  func machine() -> Machine {
    Machine(routes: [.accelerometer: "imu", .gyro: "imu", .magnetometer: "compass"])
  }

  /// Subscribes `owner` to the raw `sensor` alone, failing the test if it is refused.
  func subscribe(
    _ m: inout Machine, _ owner: AnyHashableSendable, to sensor: MotionSensor,
    every interval: Duration = .milliseconds(10),
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (token: Machine.Token, afterUnlock: Machine.AfterUnlock) {
    let result = m.subscribe(
      owner: owner, service: MotionService(sensor), sensors: [sensor], interval: interval)
    return try #require(result, sourceLocation: sourceLocation)
  }

  /// Delivers one accelerometer scan per timestamp from `reader`'s running generation; returns
  /// how many each subscription received.
  func deliveries(
    _ m: inout Machine, from reader: String, at timestamps: [Double]
  ) throws -> [Machine.Token: Int] {
    let generation = try #require(m.readers[reader]?.generation)
    var received: [Machine.Token: Int] = [:]
    for time in timestamps {
      let scan = MotionScan(timestamp: time, acceleration: Acceleration(x: 0, y: 0, z: -1))
      for target in m.deliver(scan, from: reader, generation: generation) {
        received[target.token, default: 0] += 1
      }
    }
    return received
  }

  @Test func firstSubscriberStartsTheReaderAndTheLastStopsIt() throws {
    var m = machine()
    let first = try subscribe(&m, a, to: .accelerometer)
    #expect(
      first.afterUnlock.commands == [
        .start("imu", generation: 1, interval: ms10, sensors: [.accelerometer])
      ])

    let second = try subscribe(&m, b, to: .accelerometer)
    #expect(second.afterUnlock.commands.isEmpty, "a second subscriber shares the running reader")

    let leave = m.unsubscribe(owner: a, service: .accelerometer)
    #expect(leave.finished == [first.token])
    #expect(leave.commands.isEmpty, "B still needs the reader")

    let last = m.unsubscribe(owner: b, service: .accelerometer)
    #expect(last.finished == [second.token])
    #expect(last.commands == [.stop("imu", generation: 1)])
    #expect(m.readers.isEmpty)
  }

  @Test func aNewSensorOnTheSameDeviceRestartsItsReaderWithBoth() throws {
    var m = machine()
    _ = try subscribe(&m, a, to: .accelerometer)
    let gyro = try subscribe(&m, a, to: .gyro)
    #expect(
      gyro.afterUnlock.commands == [
        .stop("imu", generation: 1),
        .start("imu", generation: 2, interval: ms10, sensors: [.accelerometer, .gyro]),
      ])
  }

  @Test func theReaderRunsAtTheShortestIntervalAskedFor() throws {
    var m = machine()
    _ = try subscribe(&m, a, to: .gyro, every: .milliseconds(100))
    let fast = try subscribe(&m, b, to: .gyro, every: .milliseconds(20))
    #expect(
      fast.afterUnlock.commands.last
        == .start("imu", generation: 2, interval: .milliseconds(20), sensors: [.gyro]))
    let slowDown = m.unsubscribe(owner: b, service: .gyro)
    #expect(
      slowDown.commands.last
        == .start("imu", generation: 3, interval: .milliseconds(100), sensors: [.gyro]))
  }

  @Test func aSecondStartForTheSameOwnerReplacesTheFirst() throws {
    var m = machine()
    let first = try subscribe(&m, a, to: .accelerometer)
    let second = try subscribe(&m, a, to: .accelerometer)
    #expect(second.afterUnlock.finished == [first.token])
    #expect(second.afterUnlock.commands.isEmpty)
    // The replaced stream's late cancellation must not end its successor.
    let stale = m.unsubscribe(owner: a, service: .accelerometer, token: first.token)
    #expect(stale == Machine.AfterUnlock())
    #expect(m.isActive(owner: a, service: .accelerometer))
  }

  @Test func unavailableSensorsAreRefusedWithoutSideEffects() {
    var m = Machine(routes: [.accelerometer: "accel"])
    #expect(m.subscribe(owner: a, service: .gyro, sensors: [.gyro], interval: ms10) == nil)
    #expect(m.missing([.accelerometer, .gyro, .magnetometer]) == [.gyro, .magnetometer])
    #expect(m.readers.isEmpty)
  }

  @Test func deliveryFansOutAndThinsEachSubscriberToItsInterval() throws {
    var m = machine()
    let fast = try subscribe(&m, a, to: .accelerometer)
    let slow = try subscribe(&m, b, to: .accelerometer, every: .milliseconds(30))
    let received = try deliveries(&m, from: "imu", at: (0..<9).map { Double($0) * 0.01 })
    #expect(received[fast.token] == 9)
    #expect(received[slow.token] == 3)
  }

  @Test func scansFromAStoppedReaderAreIgnored() throws {
    var m = machine()
    _ = try subscribe(&m, a, to: .accelerometer)
    _ = m.unsubscribe(owner: a, service: .accelerometer)
    let scan = MotionScan(timestamp: 0, acceleration: Acceleration(x: 0, y: 0, z: -1))
    #expect(m.deliver(scan, from: "imu", generation: 1).isEmpty)
  }

  @Test func scansWithoutTheSubscribedSensorAreNotDelivered() throws {
    var m = machine()
    _ = try subscribe(&m, a, to: .gyro)
    let accelOnly = MotionScan(timestamp: 0, acceleration: Acceleration(x: 0, y: 0, z: -1))
    #expect(m.deliver(accelOnly, from: "imu", generation: 1).isEmpty)
  }

  @Test func deviceMotionSeesEveryScanOfEachReaderItNeeds() throws {
    var m = machine()
    let fusedResult = m.subscribe(
      owner: a, service: .deviceMotion, sensors: [.accelerometer, .gyro, .magnetometer],
      interval: .milliseconds(100))
    let fused = try #require(fusedResult)
    #expect(fused.afterUnlock.commands.count == 2, "one reader per device: imu and compass")
    let imu = try #require(m.readers["imu"]?.generation)
    let scan = MotionScan(
      timestamp: 0, acceleration: Acceleration(x: 0, y: 0, z: -1),
      rotationRate: RotationRate(x: 0, y: 0, z: 0))
    for step in 0..<5 {
      var next = scan
      next.timestamp = Double(step) * 0.001
      #expect(m.deliver(next, from: "imu", generation: imu).map(\.token) == [fused.token])
    }
  }

  @Test func dropsAreCountedPerSubscriptionAndResetByARestart() throws {
    var m = machine()
    let first = try subscribe(&m, a, to: .accelerometer)
    m.recordDrop(token: first.token)
    m.recordDrop(token: first.token)
    #expect(m.dropped(owner: a, service: .accelerometer) == 2)
    #expect(m.dropped(owner: b, service: .accelerometer) == 0)
    _ = try subscribe(&m, a, to: .accelerometer)
    m.recordDrop(token: first.token)
    #expect(m.dropped(owner: a, service: .accelerometer) == 0, "the old token no longer counts")
  }

  @Test func aFailedReaderFailsOnlyTheSubscriptionsItServed() throws {
    var m = machine()
    let accel = try subscribe(&m, a, to: .accelerometer)
    let compass = try subscribe(&m, b, to: .magnetometer)
    let generation = try #require(m.readers["imu"]?.generation)
    let failure = m.readerFailed("imu", generation: generation)
    #expect(failure.failed == [accel.token])
    #expect(failure.commands == [.stop("imu", generation: generation)])
    #expect(m.isActive(owner: b, service: .magnetometer))
    #expect(!m.isActive(owner: a, service: .accelerometer))
    _ = compass
    // Restart after a failure begins a fresh reader.
    let again = try subscribe(&m, a, to: .accelerometer)
    #expect(again.afterUnlock.commands.count == 1)
  }

  @Test func removeAllEndsEverySubscriptionOfOneOwner() throws {
    var m = machine()
    _ = try subscribe(&m, a, to: .accelerometer)
    _ = try subscribe(&m, a, to: .magnetometer)
    _ = try subscribe(&m, b, to: .gyro)
    let destroy = m.removeAll(owner: a)
    #expect(destroy.finished.count == 2)
    #expect(destroy.commands.contains(.stop("compass", generation: 2)))
    #expect(m.readers.keys.sorted() == ["imu"])
    #expect(m.readers["imu"]?.sensors == [.gyro])
  }

  @Test func changingTheIntervalOfARunningSubscriptionRestartsItsReader() throws {
    var m = machine()
    _ = try subscribe(&m, a, to: .gyro)
    let change = m.updateInterval(owner: a, service: .gyro, interval: .milliseconds(50))
    #expect(
      change.commands.last
        == .start("imu", generation: 2, interval: .milliseconds(50), sensors: [.gyro]))
    #expect(m.updateInterval(owner: b, service: .gyro, interval: ms10) == Machine.AfterUnlock())
  }

  @Test func aSelfPacedReaderIsThinnedByCountingScansNotByTimestamps() throws {
    // A polled device delivers one scan per interval; its timestamps come from the real
    // boottime even when a test clock paces it, so counting is what stays exact.
    var m = Machine(routes: [.accelerometer: "poll"], selfPacedReaders: ["poll"])
    let fast = try subscribe(&m, a, to: .accelerometer)
    let slow = try subscribe(&m, b, to: .accelerometer, every: .milliseconds(30))
    // Identical timestamps: timestamp pacing would pass only the first.
    let received = try deliveries(&m, from: "poll", at: Array(repeating: 5, count: 9))
    #expect(received[fast.token] == 9)
    #expect(received[slow.token] == 3)
  }

  @Test func aSelfPacedReaderAtAZeroIntervalPassesEveryScanWithoutTrapping() throws {
    // Zero intervals must not reach a division: 10 ms / 0 s is no whole number of scans.
    var m = Machine(routes: [.accelerometer: "poll"], selfPacedReaders: ["poll"])
    let eager = try subscribe(&m, a, to: .accelerometer, every: .zero)
    let paced = try subscribe(&m, b, to: .accelerometer)
    let received = try deliveries(&m, from: "poll", at: [1, 2, 3])
    #expect(received[eager.token] == 3)
    #expect(received[paced.token] == 3, "its reader runs as fast as the eager subscriber asks")
  }
}
