import ComposableMotion
import ComposableSensorsTesting
import Testing

@testable import SensorsDemoFeatures

/// composable-core-motion's README test: record, receive one update, stop.
@Suite("Seed: recording device motion")
struct MotionRecordingSeedTests {
  @Test(
    "record → gravity (1,2,3) · userAcceleration (4,5,6) → zs == [32] → stop; manager created and destroyed"
  )
  func recordThenStop() async {
    let calls = CallLog()
    let updates = ScriptedStream<DeviceMotion>()
    var motion = MotionClient.unimplemented()
    motion.create = { _ in calls.record("create") }
    motion.startDeviceMotionUpdates = { _, _ in
      calls.record("startDeviceMotionUpdates")
      return updates.stream
    }
    motion.stopDeviceMotionUpdates = { _ in calls.record("stopDeviceMotionUpdates") }
    motion.destroy = { _ in calls.record("destroy") }

    let store = TestStore(initialState: RecordingFeature.State()) {
      RecordingFeature(motion: motion)
    }

    await store.send(.recordingButtonTapped) { $0.isRecording = true }
    await updates.waitForConsumer()

    let update = deviceMotion(gravity: (1, 2, 3), userAcceleration: (4, 5, 6))
    updates.yield(update)
    await store.receive(.motionUpdate(update)) { $0.zs = [32] }

    await store.send(.recordingButtonTapped) { $0.isRecording = false }
    await store.finish()

    #expect(store.state.zs == [32])
    #expect(
      calls.names == ["create", "startDeviceMotionUpdates", "stopDeviceMotionUpdates", "destroy"])
    #expect(updates.isCancelled, "stopping must release the update stream")
  }

  @Test("--count N stops recording by itself after N values")
  func limitStopsRecording() async {
    let updates = ScriptedStream<DeviceMotion>()
    let motion = scriptedDeviceMotion(updates)

    let store = TestStore(initialState: RecordingFeature.State(limit: 2)) {
      RecordingFeature(motion: motion)
    }
    await store.send(.recordingButtonTapped) { $0.isRecording = true }
    await updates.waitForConsumer()

    let first = deviceMotion(gravity: (0, 0, -1), userAcceleration: (0, 0, 0.5))
    let second = deviceMotion(gravity: (0, 0, -1), userAcceleration: (0, 0, -0.25))
    updates.yield(first)
    await store.receive(.motionUpdate(first)) { $0.zs = [-0.5] }
    updates.yield(second)
    await store.receive(.motionUpdate(second)) {
      $0.zs = [-0.5, 0.25]
      $0.isRecording = false
      $0.isFinished = true
    }
    await store.finish()
  }

  @Test("a failing sensor ends the recording with its message and releases the manager")
  func failureIsShown() async {
    let calls = CallLog()
    let updates = ScriptedStream<DeviceMotion>()
    var motion = MotionClient.unimplemented()
    motion.create = { _ in }
    motion.startDeviceMotionUpdates = { _, _ in updates.stream }
    motion.stopDeviceMotionUpdates = { _ in calls.record("stopDeviceMotionUpdates") }
    motion.destroy = { _ in calls.record("destroy") }

    let store = TestStore(initialState: RecordingFeature.State()) {
      RecordingFeature(motion: motion)
    }
    await store.send(.recordingButtonTapped) { $0.isRecording = true }
    await updates.waitForConsumer()
    let error = MotionError.sensorUnavailable(.gyro, searched: "/sys/bus/iio/devices")
    updates.fail(error)
    await store.receive(.motionFailed(error)) {
      $0.isRecording = false
      $0.errorMessage = "No gyro sensor found (searched /sys/bus/iio/devices)."
      $0.isFinished = true
    }
    await store.finish()
    #expect(calls.names == ["stopDeviceMotionUpdates", "destroy"])
  }
}
