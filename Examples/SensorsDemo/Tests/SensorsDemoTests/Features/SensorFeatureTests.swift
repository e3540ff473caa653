import ComposableMotion
import ComposableSensorsTesting
import Testing

@testable import SensorsDemoFeatures

@Suite("Raw sensor commands")
struct SensorFeatureTests {
  @Test("gyro: samples in rad/s reach the state; stop stops the gyro and destroys the manager")
  func gyroSamples() async {
    let calls = CallLog()
    let samples = ScriptedStream<GyroData>()
    var motion = MotionClient.unimplemented()
    motion.create = { _ in calls.record("create") }
    motion.setUpdateInterval = { _, sensor, interval in
      calls.record("interval \(sensor) \(interval)")
    }
    motion.startGyroUpdates = { _ in samples.stream }
    motion.stopGyroUpdates = { _ in calls.record("stopGyroUpdates") }
    motion.destroy = { _ in calls.record("destroy") }

    let initial = SensorFeature.State(sensor: .gyro, interval: .milliseconds(20))
    let store = TestStore(initialState: initial) { SensorFeature(motion: motion) }
    await store.send(.start)
    await samples.waitForConsumer()
    samples.yield(GyroData(rotationRate: RotationRate(x: 0.5, y: 0, z: 0), timestamp: 12.5))
    let sample = SensorFeature.Sample(x: 0.5, y: 0, z: 0, timestamp: 12.5)
    await store.receive(.sample(sample)) {
      $0.latest = sample
      $0.sampleCount = 1
      $0.recentMagnitudes = [0.5]
    }
    await store.send(.stop)
    await store.finish()

    #expect(
      calls.names == [
        "create", "interval gyro \(Duration.milliseconds(20))", "stopGyroUpdates", "destroy",
      ])
    #expect(samples.isCancelled)
  }

  @Test("magnetometer: a stream that ends finishes the run and releases the manager")
  func magnetometerEnds() async {
    let calls = CallLog()
    let samples = ScriptedStream<MagnetometerData>()
    var motion = MotionClient.unimplemented()
    motion.create = { _ in }
    motion.startMagnetometerUpdates = { _ in samples.stream }
    motion.stopMagnetometerUpdates = { _ in calls.record("stopMagnetometerUpdates") }
    motion.destroy = { _ in calls.record("destroy") }

    let store = TestStore(initialState: SensorFeature.State(sensor: .magnetometer, limit: 5)) {
      SensorFeature(motion: motion)
    }
    await store.send(.start)
    await samples.waitForConsumer()
    samples.finish()
    await store.receive(.finished) { $0.isFinished = true }
    await store.finish()
    #expect(calls.names == ["stopMagnetometerUpdates", "destroy"])
  }
}
