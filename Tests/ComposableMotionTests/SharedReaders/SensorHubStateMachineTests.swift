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

  @Test func firstSubscriberStartsTheReaderAndTheLastStopsIt() throws {
    var m = machine()
    let firstResult = m.subscribe(
      owner: a, service: .accelerometer, sensors: [.accelerometer], interval: ms10)
    let first = try #require(firstResult)
    #expect(
      first.transition.commands == [
        .start("imu", generation: 1, interval: ms10, sensors: [.accelerometer])
      ])

    let secondResult = m.subscribe(
      owner: b, service: .accelerometer, sensors: [.accelerometer], interval: ms10)
    let second = try #require(secondResult)
    #expect(second.transition.commands.isEmpty, "a second subscriber shares the running reader")

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
    _ = m.subscribe(owner: a, service: .accelerometer, sensors: [.accelerometer], interval: ms10)
    let gyroResult = m.subscribe(owner: a, service: .gyro, sensors: [.gyro], interval: ms10)
    let gyro = try #require(gyroResult)
    #expect(
      gyro.transition.commands == [
        .stop("imu", generation: 1),
        .start("imu", generation: 2, interval: ms10, sensors: [.accelerometer, .gyro]),
      ])
  }

  @Test func theReaderRunsAtTheShortestIntervalAskedFor() throws {
    var m = machine()
    _ = m.subscribe(owner: a, service: .gyro, sensors: [.gyro], interval: .milliseconds(100))
    let fastResult = m.subscribe(
      owner: b, service: .gyro, sensors: [.gyro], interval: .milliseconds(20))
    let fast = try #require(fastResult)
    #expect(
      fast.transition.commands.last
        == .start("imu", generation: 2, interval: .milliseconds(20), sensors: [.gyro]))
    let slowDown = m.unsubscribe(owner: b, service: .gyro)
    #expect(
      slowDown.commands.last
        == .start("imu", generation: 3, interval: .milliseconds(100), sensors: [.gyro]))
  }

  @Test func aSecondStartForTheSameOwnerReplacesTheFirst() throws {
    var m = machine()
    let firstResult = m.subscribe(
      owner: a, service: .accelerometer, sensors: [.accelerometer], interval: ms10)
    let first = try #require(firstResult)
    let secondResult = m.subscribe(
      owner: a, service: .accelerometer, sensors: [.accelerometer], interval: ms10)
    let second = try #require(secondResult)
    #expect(second.transition.finished == [first.token])
    #expect(second.transition.commands.isEmpty)
    // The replaced stream's late cancellation must not end its successor.
    let stale = m.unsubscribe(owner: a, service: .accelerometer, token: first.token)
    #expect(stale == Machine.Transition())
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
    let fastResult = m.subscribe(
      owner: a, service: .accelerometer, sensors: [.accelerometer], interval: ms10)
    let fast = try #require(fastResult)
    let slowResult = m.subscribe(
      owner: b, service: .accelerometer, sensors: [.accelerometer], interval: .milliseconds(30))
    let slow = try #require(slowResult)
    let generation = try #require(m.readers["imu"]?.generation)
    var received: [UInt64: Int] = [:]
    for step in 0..<9 {
      let scan = MotionScan(
        timestamp: Double(step) * 0.01, acceleration: Acceleration(x: 0, y: 0, z: -1))
      for target in m.deliver(scan, from: "imu", generation: generation) {
        received[target.token, default: 0] += 1
      }
    }
    #expect(received[fast.token] == 9)
    #expect(received[slow.token] == 3)
  }

  @Test func scansFromAStoppedReaderAreIgnored() throws {
    var m = machine()
    _ = m.subscribe(owner: a, service: .accelerometer, sensors: [.accelerometer], interval: ms10)
    _ = m.unsubscribe(owner: a, service: .accelerometer)
    let scan = MotionScan(timestamp: 0, acceleration: Acceleration(x: 0, y: 0, z: -1))
    #expect(m.deliver(scan, from: "imu", generation: 1).isEmpty)
  }

  @Test func scansWithoutTheSubscribedSensorAreNotDelivered() throws {
    var m = machine()
    _ = m.subscribe(owner: a, service: .gyro, sensors: [.gyro], interval: ms10)
    let accelOnly = MotionScan(timestamp: 0, acceleration: Acceleration(x: 0, y: 0, z: -1))
    #expect(m.deliver(accelOnly, from: "imu", generation: 1).isEmpty)
  }

  @Test func deviceMotionSeesEveryScanOfEachReaderItNeeds() throws {
    var m = machine()
    let fusedResult = m.subscribe(
      owner: a, service: .deviceMotion, sensors: [.accelerometer, .gyro, .magnetometer],
      interval: .milliseconds(100))
    let fused = try #require(fusedResult)
    #expect(fused.transition.commands.count == 2, "one reader per device: imu and compass")
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
    let firstResult = m.subscribe(
      owner: a, service: .accelerometer, sensors: [.accelerometer], interval: ms10)
    let first = try #require(firstResult)
    m.recordDrop(token: first.token)
    m.recordDrop(token: first.token)
    #expect(m.dropped(owner: a, service: .accelerometer) == 2)
    #expect(m.dropped(owner: b, service: .accelerometer) == 0)
    _ = m.subscribe(owner: a, service: .accelerometer, sensors: [.accelerometer], interval: ms10)
    m.recordDrop(token: first.token)
    #expect(m.dropped(owner: a, service: .accelerometer) == 0, "the old token no longer counts")
  }

  @Test func aFailedReaderFailsOnlyTheSubscriptionsItServed() throws {
    var m = machine()
    let accelResult = m.subscribe(
      owner: a, service: .accelerometer, sensors: [.accelerometer], interval: ms10)
    let accel = try #require(accelResult)
    let compassResult = m.subscribe(
      owner: b, service: .magnetometer, sensors: [.magnetometer], interval: ms10)
    let compass = try #require(compassResult)
    let generation = try #require(m.readers["imu"]?.generation)
    let failure = m.readerFailed("imu", generation: generation)
    #expect(failure.failed == [accel.token])
    #expect(failure.commands == [.stop("imu", generation: generation)])
    #expect(m.isActive(owner: b, service: .magnetometer))
    #expect(!m.isActive(owner: a, service: .accelerometer))
    _ = compass
    // Restart after a failure begins a fresh reader.
    let againResult = m.subscribe(
      owner: a, service: .accelerometer, sensors: [.accelerometer], interval: ms10)
    let again = try #require(againResult)
    #expect(again.transition.commands.count == 1)
  }

  @Test func removeAllEndsEverySubscriptionOfOneOwner() throws {
    var m = machine()
    _ = m.subscribe(owner: a, service: .accelerometer, sensors: [.accelerometer], interval: ms10)
    _ = m.subscribe(owner: a, service: .magnetometer, sensors: [.magnetometer], interval: ms10)
    _ = m.subscribe(owner: b, service: .gyro, sensors: [.gyro], interval: ms10)
    let destroy = m.removeAll(owner: a)
    #expect(destroy.finished.count == 2)
    #expect(destroy.commands.contains(.stop("compass", generation: 2)))
    #expect(m.readers.keys.sorted() == ["imu"])
    #expect(m.readers["imu"]?.sensors == [.gyro])
  }

  @Test func changingTheIntervalOfARunningSubscriptionRestartsItsReader() throws {
    var m = machine()
    _ = m.subscribe(owner: a, service: .gyro, sensors: [.gyro], interval: ms10)
    let change = m.updateInterval(owner: a, service: .gyro, interval: .milliseconds(50))
    #expect(
      change.commands.last
        == .start("imu", generation: 2, interval: .milliseconds(50), sensors: [.gyro]))
    #expect(m.updateInterval(owner: b, service: .gyro, interval: ms10) == Machine.Transition())
  }

  @Test func aSelfPacedReaderIsThinnedByCountingScansNotByTimestamps() throws {
    // A polled device delivers one scan per interval; its timestamps come from the real
    // boottime even when a test clock paces it, so counting is what stays exact.
    var m = Machine(routes: [.accelerometer: "poll"], selfPacedReaders: ["poll"])
    let fastResult = m.subscribe(
      owner: a, service: .accelerometer, sensors: [.accelerometer], interval: ms10)
    let fast = try #require(fastResult)
    let slowResult = m.subscribe(
      owner: b, service: .accelerometer, sensors: [.accelerometer], interval: .milliseconds(30))
    let slow = try #require(slowResult)
    let generation = try #require(m.readers["poll"]?.generation)
    var received: [UInt64: Int] = [:]
    for _ in 0..<9 {
      // Identical timestamps: timestamp pacing would pass only the first.
      let scan = MotionScan(timestamp: 5, acceleration: Acceleration(x: 0, y: 0, z: -1))
      for target in m.deliver(scan, from: "poll", generation: generation) {
        received[target.token, default: 0] += 1
      }
    }
    #expect(received[fast.token] == 9)
    #expect(received[slow.token] == 3)
  }
}
