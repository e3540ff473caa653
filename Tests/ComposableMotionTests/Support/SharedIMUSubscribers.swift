@testable import ComposableMotion

/// Two managers on one accelerometer+gyroscope reader of a `ManualBackend`: "tilt" streams
/// device motion, "steps" the raw accelerometer; both streams are started and the reader runs.
struct SharedIMUSubscribers {
  let backend: ManualBackend
  let motion: MotionClient
  var fused: AsyncThrowingStream<DeviceMotion, any Error>.AsyncIterator
  var raw: AsyncThrowingStream<AccelerometerData, any Error>.AsyncIterator

  static func started() async -> SharedIMUSubscribers {
    let backend = ManualBackend(routes: [.accelerometer: "imu", .gyro: "imu"])
    let motion = MotionClient(backend: backend.backend, bufferLimit: 64)
    await motion.create(id: "tilt")
    await motion.create(id: "steps")
    let fused = motion.startDeviceMotionUpdates(id: "tilt").makeAsyncIterator()
    await backend.waitUntilRunning("imu")
    let raw = motion.startAccelerometerUpdates(id: "steps").makeAsyncIterator()
    await backend.waitUntilRunning("imu")
    return SharedIMUSubscribers(backend: backend, motion: motion, fused: fused, raw: raw)
  }
}
