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
    // The first row is due now: like any sleep until "now" on a TestClock, it waits for the
    // next advance. Then the replay waits on the clock for the second.
    await clock.waitForSleepers()
    #expect(motion.accelerometerData(id: "replay") == nil)
    await clock.advance()
    await clock.waitForSleepers()
    #expect(motion.accelerometerData(id: "replay")?.timestamp == 0)

    // The second row is 3.5 ms later: it is not there until the clock gets there.
    await clock.advance(by: .milliseconds(3))
    #expect(motion.accelerometerData(id: "replay")?.timestamp == 0)
    await clock.advance(by: .microseconds(500))
    await clock.waitForSleepers()
    #expect(motion.accelerometerData(id: "replay")?.timestamp == 0.0035)

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
    async let samples = collect(motion.startGyroUpdates(id: "replay"))
    // The replay starts its timeline when its reader first runs: wait for it to be waiting on
    // the clock, or time would move before the recording began. Past the last row, a reader
    // still busy when time moves finds its next deadline passed.
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(2))
    #expect(try await samples.map(\.timestamp) == recording.samples.map(\.time))
    #expect(!motion.isGyroActive(id: "replay"))
  }

  @Test func aSlowerIntervalThinsTheRecordingsRate() async throws {
    let clock = TestClock()
    let motion = MotionClient.replay(recording: recording, clock: clock)
    await motion.create(id: "replay")
    await motion.setUpdateInterval(id: "replay", sensor: .magnetometer, to: .milliseconds(100))
    async let samples = collect(motion.startMagnetometerUpdates(id: "replay"))
    // Its reader waits on the clock: time moves only once the recording has begun.
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(2))
    // 1.0465 s of rows at 10 Hz: t = 0, 0.1, …, 1.0.
    #expect(try await samples.count == 11)
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
    async let fused = collect(
      motion.startDeviceMotionUpdates(id: "fused", using: .xMagneticNorthZVertical))
    // Its reader waits on the clock: time moves only once the recording has begun.
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(2))
    let updates = try await fused
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

extension MotionClientReplayTests {
  @Test func anAbsurdTimestampIsNeverReachedRatherThanACrash() async throws {
    let csv = "t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z\n0,0,0,0.5,0,0,9.81\n1e300,0,0,0,0,0,9.81\n"
    let clock = TestClock()
    let motion = MotionClient.replay(recording: try IMURecording(csv: csv), clock: clock)
    await motion.create(id: "replay")
    let updates = motion.startGyroUpdates(id: "replay")
    await clock.waitForSleepers()
    await clock.advance()
    await clock.waitForSleepers()
    #expect(motion.gyroData(id: "replay")?.rotationRate.z == 0.5)
    #expect(clock.pendingDeadlines.first.map { $0.offset > .seconds(1e14) } == true)
    await motion.destroy(id: "replay")
    _ = updates
  }
}

/// Everything `stream` yields until it finishes. Called in an `async let`, it runs as a child
/// task, so the test's time limit cancels it instead of leaving the test waiting.
/// Every element of `stream`, once it finishes.
func collect<Element: Sendable>(
  _ stream: AsyncThrowingStream<Element, any Error>
) async throws -> [Element] {
  var elements: [Element] = []
  for try await element in stream { elements.append(element) }
  return elements
}
