import ComposableMotion
import ComposableSensorsTesting
import Foundation
import Testing

/// Replaying a real recording: rows arrive when the injected clock reaches them, in Core Motion
/// units, and the streams finish when the recording does.
@Suite(.timeLimit(.minutes(1))) struct MotionClientReplayTests {
  let recording: IMURecording

  init() throws {
    let url = try #require(
      Bundle.module.url(
        forResource: "broad-02-rest-head", withExtension: "csv", subdirectory: "Fixtures"))
    recording = try IMURecording(contentsOf: url)
  }

  @Test func rowsArriveWhenTheClockReachesThem() async throws {
    let clock = TestClock()
    let motion = MotionClient.replay(recording: recording, clock: clock)
    await motion.create(id: "replay")
    await motion.setUpdateInterval(id: "replay", sensor: .accelerometer, to: .microseconds(3500))
    let updates = motion.startAccelerometerUpdates(id: "replay")
    await clock.advance()
    await eventually { motion.accelerometerData(id: "replay")?.timestamp == 0 }

    // The second row is 3.5 ms later: it is not there until the clock gets there.
    await clock.advance(by: .milliseconds(3))
    #expect(motion.accelerometerData(id: "replay")?.timestamp == 0)
    await clock.advance(by: .microseconds(500))
    await eventually { motion.accelerometerData(id: "replay")?.timestamp == 0.0035 }

    let sample = try #require(motion.accelerometerData(id: "replay"))
    // Row 2: acc (0.087017288, 0.112934212, 9.78355313) m/s², specific force, +z up.
    #expect(abs(sample.acceleration.z - -9.78355313 / 9.80665) < 1e-12)
    #expect(abs(sample.acceleration.x - -0.087017288 / 9.80665) < 1e-12)
    await motion.destroy(id: "replay")
    _ = updates
  }

  @Test func everyRowArrivesInOrderAndTheStreamFinishesAtTheEnd() async throws {
    let clock = TestClock()
    let motion = MotionClient.replay(recording: recording, clock: clock, bufferLimit: 1000)
    await motion.create(id: "replay")
    await motion.setUpdateInterval(id: "replay", sensor: .gyro, to: .microseconds(3500))
    let consumer = Task {
      var times: [Double] = []
      for try await sample in motion.startGyroUpdates(id: "replay") {
        times.append(sample.timestamp)
      }
      return times
    }
    await eventually { motion.isGyroActive(id: "replay") }
    // Past the last row: a reader still busy when time moves finds its next deadline passed.
    await clock.advance(by: .seconds(2))
    let times = try await consumer.value
    #expect(times == recording.samples.map(\.time))
    #expect(!motion.isGyroActive(id: "replay"))
  }

  @Test func aSlowerIntervalThinsTheRecordingsRate() async throws {
    let clock = TestClock()
    let motion = MotionClient.replay(recording: recording, clock: clock)
    await motion.create(id: "replay")
    await motion.setUpdateInterval(id: "replay", sensor: .magnetometer, to: .milliseconds(100))
    let consumer = Task {
      var count = 0
      for try await _ in motion.startMagnetometerUpdates(id: "replay") { count += 1 }
      return count
    }
    await eventually { motion.isMagnetometerActive(id: "replay") }
    // Past the last row: a reader still busy when time moves finds its next deadline passed.
    await clock.advance(by: .seconds(2))
    // 1.0465 s of rows at 10 Hz: t = 0, 0.1, …, 1.0.
    #expect(try await consumer.value == 11)
  }

  @Test func deviceMotionAtRestSeesGravityStraightDown() async throws {
    let clock = TestClock()
    let motion = MotionClient.replay(recording: recording, clock: clock, bufferLimit: 1000)
    #expect(motion.isDeviceMotionAvailable)
    #expect(
      motion.availableAttitudeReferenceFrames() == [
        .xArbitraryZVertical, .xArbitraryCorrectedZVertical, .xMagneticNorthZVertical,
      ])
    await motion.create(id: "fused")
    let consumer = Task {
      var updates: [DeviceMotion] = []
      for try await update in motion.startDeviceMotionUpdates(
        id: "fused", using: .xMagneticNorthZVertical)
      {
        updates.append(update)
      }
      return updates
    }
    await eventually { motion.isDeviceMotionActive(id: "fused") }
    // Past the last row: a reader still busy when time moves finds its next deadline passed.
    await clock.advance(by: .seconds(2))
    let updates = try await consumer.value
    #expect(
      (100...106).contains(updates.count), "100 Hz output from a 285.7 Hz recording of 1.05 s")
    let last = try #require(updates.last)
    #expect(last.gravity.z < -0.99, "flat, face up: gravity is (0, 0, −1) in g")
    let user = last.userAcceleration
    #expect((user.x * user.x + user.y * user.y + user.z * user.z).squareRoot() < 0.05)
    #expect(last.heading != nil, "a north-referenced frame with a magnetometer has a heading")
  }

  @Test func trueNorthNeedsADeclination() async throws {
    let motion = MotionClient.replay(recording: recording, clock: TestClock())
    await motion.create(id: "fused")
    var updates = motion.startDeviceMotionUpdates(id: "fused", using: .xTrueNorthZVertical)
      .makeAsyncIterator()
    do {
      _ = try await updates.next()
      Issue.record("expected the frame to be refused")
    } catch let error as MotionError {
      #expect(
        error.description
          == "Reference frame xTrueNorthZVertical needs sensors this device lacks (available frames: "
          + "xArbitraryZVertical, xArbitraryCorrectedZVertical, xMagneticNorthZVertical).")
    }
    let withDeclination = MotionClient.replay(
      recording: recording, clock: TestClock(), magneticDeclination: 3.2)
    #expect(withDeclination.availableAttitudeReferenceFrames().contains(.xTrueNorthZVertical))
  }

  @Test func aRecordingWithoutMagnetometerOffersOnlyTheArbitraryFrame() throws {
    let csv = "t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z\n0,0,0,0,0,0,9.81\n0.01,0,0,0,0,0,9.81\n"
    let motion = MotionClient.replay(recording: try IMURecording(csv: csv), clock: TestClock())
    #expect(!motion.isMagnetometerAvailable)
    #expect(motion.availableAttitudeReferenceFrames() == [.xArbitraryZVertical])
  }
}
