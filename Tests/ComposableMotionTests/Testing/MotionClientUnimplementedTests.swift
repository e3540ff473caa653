import ComposableMotion
import ComposableSensorsTesting
import ComposableStore
import Geomagnetism
import SensorsCore
import SensorsTestSupport
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

  /// Checks the client's stored endpoints found by reflection, so an endpoint added later fails
  /// here, by name, until it is called below.
  @Test func everyStoredEndpointReportsOneCallNamingIt() async {
    await expectEveryEndpointReportsItsName(
      clientName: "MotionClient", make: { MotionClient(unimplemented: $0) }, calls: Self.calls)
  }

  @Test func overriddenEndpointsDoNotReport() async throws {
    var motion = MotionClient.unimplemented()
    motion.create = { _ in }
    motion.isAvailable = { $0 == .accelerometer }
    await motion.create(id: "phone")
    #expect(motion.isAccelerometerAvailable)
  }

  /// One call of each endpoint, by name.
  private static let calls: [String: @Sendable (MotionClient) async -> Void] = [
    "create": { await $0.create(sampleID) },
    "destroy": { await $0.destroy(sampleID) },
    "updateInterval": { _ = $0.updateInterval(sampleID, .gyro) },
    "setUpdateInterval": { await $0.setUpdateInterval(sampleID, .gyro, .seconds(1)) },
    "isAvailable": { _ = $0.isAvailable(.gyro) },
    "isActive": { _ = $0.isActive(sampleID, .gyro) },
    "droppedSamples": { _ = $0.droppedSamples(sampleID, .gyro) },
    "startAccelerometerUpdates": { _ = $0.startAccelerometerUpdates(sampleID) },
    "stopAccelerometerUpdates": { await $0.stopAccelerometerUpdates(sampleID) },
    "accelerometerData": { _ = $0.accelerometerData(sampleID) },
    "startGyroUpdates": { _ = $0.startGyroUpdates(sampleID) },
    "stopGyroUpdates": { await $0.stopGyroUpdates(sampleID) },
    "gyroData": { _ = $0.gyroData(sampleID) },
    "startMagnetometerUpdates": { _ = $0.startMagnetometerUpdates(sampleID) },
    "stopMagnetometerUpdates": { await $0.stopMagnetometerUpdates(sampleID) },
    "magnetometerData": { _ = $0.magnetometerData(sampleID) },
    "startDeviceMotionUpdates": { _ = $0.startDeviceMotionUpdates(sampleID, .xArbitraryZVertical) },
    "stopDeviceMotionUpdates": { await $0.stopDeviceMotionUpdates(sampleID) },
    "deviceMotion": { _ = $0.deviceMotion(sampleID) },
    "availableAttitudeReferenceFrames": { _ = $0.availableAttitudeReferenceFrames() },
    "attitudeReferenceFrame": { _ = $0.attitudeReferenceFrame(sampleID) },
    "magnetometerCalibration": { _ = $0.magnetometerCalibration() },
    "setMagnetometerCalibration": { $0.setMagnetometerCalibration(.uncalibrated) },
    "setLocation": { try? $0.setLocation(GeographicPosition(latitude: 52.5, longitude: 13.4)) },
    "magneticDeclination": { _ = $0.magneticDeclination() },
  ]
}

/// The manager id the endpoint calls above pass.
private let sampleID = AnyHashableSendable(1)
