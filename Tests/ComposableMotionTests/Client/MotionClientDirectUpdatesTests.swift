import ComposableSensorsTesting
import Testing

@testable import ComposableMotion

/// Which clients' update effects take samples straight from the reader (no stream): a live
/// client's, until the app replaces the matching `start…Updates` endpoint; never a replay's
/// (lossless, paced by its clock) or a test double's.
@Suite struct MotionClientDirectUpdatesTests {
  @Test func aLiveClientsEffectsTakeSamplesFromTheReader() {
    let motion = MotionClient.live(root: "/nonexistent", deviceDirectory: "/nonexistent")
    let direct = motion.directUpdates
    #expect(direct?.accelerometer != nil)
    #expect(direct?.gyro != nil)
    #expect(direct?.magnetometer != nil)
    #expect(direct?.deviceMotion != nil)
  }

  @Test func replacingAStartEndpointMakesItsEffectUseTheReplacement() {
    var motion = MotionClient.live(root: "/nonexistent", deviceDirectory: "/nonexistent")
    let live = motion.startDeviceMotionUpdates
    motion.startDeviceMotionUpdates = { id, frame in live(id, frame) }
    #expect(motion.directUpdates?.deviceMotion == nil, "the effect iterates the override")
    #expect(motion.directUpdates?.accelerometer != nil, "the others are untouched")
    motion.startAccelerometerUpdates = { _ in AsyncThrowingStream { $0.finish() } }
    motion.startGyroUpdates = { _ in AsyncThrowingStream { $0.finish() } }
    motion.startMagnetometerUpdates = { _ in AsyncThrowingStream { $0.finish() } }
    #expect(motion.directUpdates?.accelerometer == nil)
    #expect(motion.directUpdates?.gyro == nil)
    #expect(motion.directUpdates?.magnetometer == nil)
  }

  @Test func replaysAndTestDoublesKeepTheirStreams() {
    #expect(
      MotionClient.replay(recording: IMURecording(samples: [], hasMagnetometer: false))
        .directUpdates == nil)
    #expect(MotionClient.unimplemented().directUpdates == nil)
  }
}
