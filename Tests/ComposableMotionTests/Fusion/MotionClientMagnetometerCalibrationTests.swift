import Testing

@testable import ComposableMotion

/// The client's magnetometer calibration: restored before device motion starts, it corrects the very
/// first update, and the client reports it back for saving.
@Suite(.timeLimit(.minutes(1))) struct MotionClientMagnetometerCalibrationTests {
  @Test func aRestoredCalibrationCorrectsTheFirstDeviceMotionUpdate() async throws {
    let backend = ManualBackend(routes: [.accelerometer: "imu", .gyro: "imu", .magnetometer: "imu"])
    let motion = MotionClient(backend: backend.backend, bufferLimit: 64)
    #expect(motion.magnetometerCalibration() == .uncalibrated)
    let saved = try MagnetometerCalibration(
      textLine:
        "magnetometer-calibration 1 accuracy=high b=30,-20,10 k=1,0,0,0,1,0,0,0,1 strength=44.7 dip=63.4"
    )
    motion.setMagnetometerCalibration(saved)
    #expect(motion.magnetometerCalibration() == saved)

    await motion.create(id: "m")
    var updates = motion.startDeviceMotionUpdates(id: "m", using: .xMagneticNorthZVertical)
      .makeAsyncIterator()
    await backend.waitUntilRunning("imu")
    // Flat, face up; the Earth's field (0, 20, −40) µT plus the device's own 30, −20, 10.
    backend.push(
      MotionScan(
        timestamp: 0, acceleration: Acceleration(x: 0, y: 0, z: -1),
        rotationRate: RotationRate(x: 0, y: 0, z: 0),
        magneticField: MagneticField(x: 30, y: 0, z: -30)),
      to: "imu")
    let first = try #require(try await updates.next())

    #expect(first.magneticField.field == MagneticField(x: 0, y: 20, z: -40))
    #expect(first.magneticField.accuracy == .high)
    #expect(motion.magnetometerCalibration() == saved)
    await motion.destroy(id: "m")
  }
}
