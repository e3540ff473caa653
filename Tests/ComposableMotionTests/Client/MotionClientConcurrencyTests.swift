import ComposableStore
import SensorsTestSupport
import Testing

@testable import ComposableMotion

/// Many managers starting, cancelling and stopping at once while the reader delivers: no
/// crash, no hang, and nothing left running afterwards.
@Suite(.tags(.stress), .timeLimit(.minutes(1))) struct MotionClientConcurrencyTests {
  @Test func concurrentStartsStopsAndCancelsLeaveNoReaderRunning() async throws {
    let backend = ManualBackend(routes: [.accelerometer: "imu", .gyro: "imu"])
    let motion = MotionClient(backend: backend.backend, bufferLimit: 4)
    let feeding = Task {
      var t = 0.0
      while !Task.isCancelled {
        t += 0.01
        backend.push(
          MotionScan(
            timestamp: t, acceleration: Acceleration(x: 0, y: 0, z: -1),
            rotationRate: RotationRate(x: 0, y: 0, z: 0)), to: "imu")
        await Task.yield()
      }
    }
    await withTaskGroup(of: Void.self) { group in
      for manager in 0..<32 {
        group.addTask {
          await motion.create(id: manager)
          for round in 0..<10 {
            // Started here, not inside the consumer, so that the stop below always finds it.
            let accelerometer = motion.startAccelerometerUpdates(id: manager)
            let consumer = Task { for try await _ in accelerometer {} }
            let gyro = motion.startGyroUpdates(id: manager)
            await Task.yield()
            if round.isMultiple(of: 2) {
              consumer.cancel()
            } else {
              await motion.stopAccelerometerUpdates(id: manager)
            }
            _ = try? await consumer.value
            _ = gyro
          }
          await motion.destroy(id: manager)
        }
      }
    }
    feeding.cancel()
    await backend.waitUntilStopped("imu")
    for manager in 0..<32 {
      #expect(!motion.isAccelerometerActive(id: manager))
      #expect(!motion.isGyroActive(id: manager))
    }
  }
}
