import ComposableMotion
import ComposableSensorsTesting
import Testing

@testable import SensorsDemoFeatures

/// The Combine tilt detector's debounce, on a `TestClock`: a tilt shorter than 0.25 s never shows.
@Suite("Seed: tilt debounce")
struct TiltDebounceSeedTests {
  let updates = ScriptedStream<DeviceMotion>()
  let clock = TestClock()
  let intervals = CallLog()

  var motion: MotionClient {
    var motion = MotionClient.unimplemented()
    motion.create = { _ in }
    motion.setUpdateInterval = { [intervals] _, sensor, interval in
      intervals.record("\(sensor) \(interval)")
    }
    motion.startDeviceMotionUpdates = { [updates] _, _ in updates.stream }
    motion.stopDeviceMotionUpdates = { _ in }
    motion.destroy = { _ in }
    return motion
  }

  @Test("a tilt shorter than 0.25 s never shows; one that lasts does")
  func debounce() async {
    let store = TestStore(initialState: TiltFeature.State()) {
      TiltFeature(motion: motion, clock: clock)
    }
    await store.send(.start)
    await updates.waitForConsumer()
    #expect(
      intervals.names == ["deviceMotion \(TiltFeature.updateInterval)"],
      "the detector asks for 60 Hz")

    // Upright, then tipped forward for 0.1 s only.
    let upright = deviceMotion(gravity: (0, -1, 0))
    let forward = deviceMotion(gravity: (0, -0.8, 0.6))
    updates.yield(upright)
    await store.receive(.motionUpdate(upright)) {
      $0.gravity = upright.gravity
      $0.updateCount = 1
    }
    updates.yield(forward)
    await store.receive(.motionUpdate(forward)) {
      $0.gravity = forward.gravity
      $0.updateCount = 2
      $0.pendingFrontal = .forward
    }
    await clock.advance(by: .milliseconds(100))
    updates.yield(upright)
    await store.receive(.motionUpdate(upright)) {
      $0.gravity = upright.gravity
      $0.updateCount = 3
      $0.pendingFrontal = .none
    }
    await clock.advance(by: .seconds(1))
    #expect(store.state.frontal == .none)
    #expect(store.state.summary == "vertical")

    // Tipped forward and left, held: both show once 0.25 s have passed.
    let forwardLeft = deviceMotion(gravity: (-0.3, -0.7, 0.6))
    updates.yield(forwardLeft)
    await store.receive(.motionUpdate(forwardLeft)) {
      $0.gravity = forwardLeft.gravity
      $0.updateCount = 4
      $0.pendingFrontal = .forward
      $0.pendingLateral = .left
    }
    await clock.advance(by: .milliseconds(249))
    #expect(store.state.frontal == .none)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.frontalTiltSettled(.forward)) {
      $0.frontal = .forward
      $0.tiltCount = 1
    }
    await store.receive(.lateralTiltSettled(.left)) {
      $0.lateral = .left
      $0.tiltCount = 2
    }
    #expect(store.state.summary == "forward, left")

    await store.send(.stop)
    await store.finish()
  }

  @Test("the same tilt reported again does not restart the wait (deduplication)")
  func deduplicates() async {
    let store = TestStore(initialState: TiltFeature.State()) {
      TiltFeature(motion: motion, clock: clock)
    }
    await store.send(.start)
    await updates.waitForConsumer()
    let right = deviceMotion(gravity: (0.5, -0.85, 0))
    let right2 = deviceMotion(gravity: (0.6, -0.8, 0), timestamp: 0.15)
    updates.yield(right)
    await store.receive(.motionUpdate(right)) {
      $0.gravity = right.gravity
      $0.updateCount = 1
      $0.pendingLateral = .right
    }
    await clock.advance(by: .milliseconds(150))
    updates.yield(right2)
    await store.receive(.motionUpdate(right2)) {
      $0.gravity = right2.gravity
      $0.updateCount = 2
    }
    // 0.25 s after the first report, not after the second.
    await clock.advance(by: .milliseconds(100))
    await store.receive(.lateralTiltSettled(.right)) {
      $0.lateral = .right
      $0.tiltCount = 1
    }
    await store.send(.stop)
    await store.finish()
  }

  @Test("--count counts the settled tilts the command prints, not device-motion updates")
  func countCountsSettledTilts() async {
    let store = TestStore(initialState: TiltFeature.State(limit: 1)) {
      TiltFeature(motion: motion, clock: clock)
    }
    await store.send(.start)
    await updates.waitForConsumer()
    let flat = deviceMotion(gravity: (0, 0, -1))
    updates.yield(flat)
    await store.receive(.motionUpdate(flat)) {
      $0.gravity = flat.gravity
      $0.updateCount = 1
      $0.pendingFrontal = .faceUp
    }
    // One update was received, but nothing printed yet: the run goes on.
    #expect(!store.state.isFinished)
    await clock.advance(by: .milliseconds(250))
    await store.receive(.frontalTiltSettled(.faceUp)) {
      $0.frontal = .faceUp
      $0.tiltCount = 1
      $0.isFinished = true
    }
    await store.finish()
  }
}
