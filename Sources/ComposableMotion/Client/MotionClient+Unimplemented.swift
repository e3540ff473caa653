import ComposableStore
import SensorsCore

extension MotionClient {
  /// A client whose every endpoint reports an issue through `report`, naming itself as `name`
  /// and the endpoint, and returns a harmless placeholder: what `.unimplemented()` in the testing
  /// product and the `\.motionClient` dependency's test value are made of.
  package static func unimplemented(
    name: String,
    report: @escaping IssueReporter.Reporter,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) -> MotionClient {
    let fail = UnimplementedMotionEndpoint(
      name: name, report: report, fileID: fileID, filePath: filePath, line: line, column: column)
    return MotionClient(
      create: { fail("create", $0) },
      destroy: { fail("destroy", $0) },
      updateInterval: { id, sensor in
        fail("updateInterval", id, sensor)
        return .milliseconds(10)
      },
      setUpdateInterval: { id, sensor, _ in fail("setUpdateInterval", id, sensor) },
      isAvailable: { sensor in
        fail("isAvailable", nil, sensor)
        return false
      },
      isActive: { id, sensor in
        fail("isActive", id, sensor)
        return false
      },
      droppedSamples: { id, sensor in
        fail("droppedSamples", id, sensor)
        return 0
      },
      startAccelerometerUpdates: { fail.stream("startAccelerometerUpdates", $0) },
      stopAccelerometerUpdates: { fail("stopAccelerometerUpdates", $0) },
      accelerometerData: { fail.value("accelerometerData", $0) },
      startGyroUpdates: { fail.stream("startGyroUpdates", $0) },
      stopGyroUpdates: { fail("stopGyroUpdates", $0) },
      gyroData: { fail.value("gyroData", $0) },
      startMagnetometerUpdates: { fail.stream("startMagnetometerUpdates", $0) },
      stopMagnetometerUpdates: { fail("stopMagnetometerUpdates", $0) },
      magnetometerData: { fail.value("magnetometerData", $0) },
      startDeviceMotionUpdates: { id, _ in fail.stream("startDeviceMotionUpdates", id) },
      stopDeviceMotionUpdates: { fail("stopDeviceMotionUpdates", $0) },
      deviceMotion: { fail.value("deviceMotion", $0) },
      availableAttitudeReferenceFrames: {
        fail("availableAttitudeReferenceFrames", nil)
        return []
      },
      attitudeReferenceFrame: { fail.value("attitudeReferenceFrame", $0) ?? .xArbitraryZVertical },
      magnetometerCalibration: {
        fail("magnetometerCalibration", nil)
        return .uncalibrated
      },
      setMagnetometerCalibration: { _ in fail("setMagnetometerCalibration", nil) },
      setLocation: { _ in fail("setLocation", nil) },
      magneticDeclination: {
        fail("magneticDeclination", nil)
        return nil
      }
    )
  }
}

/// Reports a call to an endpoint that the test did not override, at the place where the
/// test built its `.unimplemented()` client.
private struct UnimplementedMotionEndpoint: Sendable {
  let name: String
  let report: IssueReporter.Reporter
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  func callAsFunction(
    _ endpoint: String, _ id: AnyHashableSendable?, _ sensor: MotionSensor? = nil
  ) {
    var arguments: [String] = []
    if let id { arguments.append("id: \(id)") }
    if let sensor { arguments.append("sensor: .\(sensor.rawValue)") }
    let call = "\(endpoint)(\(arguments.joined(separator: ", ")))"
    report(
      "Unimplemented: \(name).\(endpoint) was called (\(call)) but this test did not "
        + "override it. Set `client.\(endpoint) = { … }` if the feature should call it.",
      fileID, filePath, line, column)
  }

  func stream<Element>(
    _ endpoint: String, _ id: AnyHashableSendable
  ) -> AsyncThrowingStream<Element, any Error> {
    self(endpoint, id)
    return AsyncThrowingStream { $0.finish() }
  }

  func value<Value>(_ endpoint: String, _ id: AnyHashableSendable) -> Value? {
    self(endpoint, id)
    return nil
  }
}
