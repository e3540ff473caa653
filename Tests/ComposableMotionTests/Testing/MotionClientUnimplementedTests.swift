import ComposableMotion
import ComposableSensorsTesting
import ComposableStore
import Testing

/// `.unimplemented()`: every endpoint a test forgot to override fails it, by name.
@Suite struct MotionClientUnimplementedTests {
  @Test func aCallToAnEndpointNotOverriddenFailsTheTestNamingIt() async throws {
    let motion = MotionClient.unimplemented()
    await withKnownIssue {
      var updates = motion.startGyroUpdates(id: "phone").makeAsyncIterator()
      let first = try? await updates.next()
      #expect(first == .some(nil), "the placeholder stream finishes at once")
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix(
          "Unimplemented: MotionClient.startGyroUpdates was called (startGyroUpdates(id: phone))")
      }
    }
  }

  @Test func everyEndpointReports() async {
    let motion = MotionClient.unimplemented()
    let id = AnyHashableSendable(1)
    let names: [String] = [
      "create", "destroy", "updateInterval", "setUpdateInterval", "isAvailable", "isActive",
      "droppedSamples", "startAccelerometerUpdates", "stopAccelerometerUpdates",
      "accelerometerData", "startGyroUpdates", "stopGyroUpdates", "gyroData",
      "startMagnetometerUpdates", "stopMagnetometerUpdates", "magnetometerData",
      "startDeviceMotionUpdates", "stopDeviceMotionUpdates", "deviceMotion",
      "availableAttitudeReferenceFrames", "attitudeReferenceFrame", "magnetometerCalibration",
      "setMagnetometerCalibration", "setLocation", "magneticDeclination",
    ]
    for name in names {
      await withKnownIssue("\(name) is not overridden") {
        await call(name, on: motion, id: id)
      } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("MotionClient.\(name) was called") }
      }
    }
  }

  @Test func overriddenEndpointsDoNotReport() async throws {
    var motion = MotionClient.unimplemented()
    motion.create = { _ in }
    motion.isAvailable = { $0 == .accelerometer }
    await motion.create(id: "phone")
    #expect(motion.isAccelerometerAvailable)
  }

  private func call(_ name: String, on motion: MotionClient, id: AnyHashableSendable) async {
    switch name {
    case "create": await motion.create(id)
    case "destroy": await motion.destroy(id)
    case "updateInterval": _ = motion.updateInterval(id, .gyro)
    case "setUpdateInterval": await motion.setUpdateInterval(id, .gyro, .seconds(1))
    case "isAvailable": _ = motion.isAvailable(.gyro)
    case "isActive": _ = motion.isActive(id, .gyro)
    case "droppedSamples": _ = motion.droppedSamples(id, .gyro)
    case "startAccelerometerUpdates": _ = motion.startAccelerometerUpdates(id)
    case "stopAccelerometerUpdates": await motion.stopAccelerometerUpdates(id)
    case "accelerometerData": _ = motion.accelerometerData(id)
    case "startGyroUpdates": _ = motion.startGyroUpdates(id)
    case "stopGyroUpdates": await motion.stopGyroUpdates(id)
    case "gyroData": _ = motion.gyroData(id)
    case "startMagnetometerUpdates": _ = motion.startMagnetometerUpdates(id)
    case "stopMagnetometerUpdates": await motion.stopMagnetometerUpdates(id)
    case "magnetometerData": _ = motion.magnetometerData(id)
    case "startDeviceMotionUpdates": _ = motion.startDeviceMotionUpdates(id, .xArbitraryZVertical)
    case "stopDeviceMotionUpdates": await motion.stopDeviceMotionUpdates(id)
    case "deviceMotion": _ = motion.deviceMotion(id)
    case "availableAttitudeReferenceFrames": _ = motion.availableAttitudeReferenceFrames()
    case "attitudeReferenceFrame": _ = motion.attitudeReferenceFrame(id)
    case "magnetometerCalibration": _ = motion.magnetometerCalibration()
    case "setMagnetometerCalibration": motion.setMagnetometerCalibration(.uncalibrated)
    case "setLocation":
      try? motion.setLocation(GeographicPosition(latitude: 52.5, longitude: 13.4))
    case "magneticDeclination": _ = motion.magneticDeclination()
    default: Issue.record("no call for \(name)")
    }
  }
}
