import ComposableStore
import Geomagnetism
import SensorsCore

extension MotionClient {
  /// A client whose every endpoint reports its calls through `fail` (naming the client and the
  /// endpoint) and returns a harmless placeholder: what `.unimplemented()` in the testing product
  /// and the dependency's test value are made of.
  ///
  /// Each stored endpoint is assigned here (not through the public initialiser's defaults), so
  /// the compiler rejects one left out.
  package init(unimplemented fail: UnimplementedEndpoints) {
    create = fail(async: "create") { _ in }
    destroy = fail(async: "destroy") { _ in }
    updateInterval = fail("updateInterval") { _, _ in .milliseconds(10) }
    setUpdateInterval = fail(async: "setUpdateInterval") { _, _, _ in }
    isAvailable = fail("isAvailable") { _ in false }
    isActive = fail("isActive") { _, _ in false }
    droppedSamples = fail("droppedSamples") { _, _ in 0 }
    startAccelerometerUpdates = fail("startAccelerometerUpdates") { _ in .finished }
    stopAccelerometerUpdates = fail(async: "stopAccelerometerUpdates") { _ in }
    accelerometerData = fail("accelerometerData") { _ in nil }
    startGyroUpdates = fail("startGyroUpdates") { _ in .finished }
    stopGyroUpdates = fail(async: "stopGyroUpdates") { _ in }
    gyroData = fail("gyroData") { _ in nil }
    startMagnetometerUpdates = fail("startMagnetometerUpdates") { _ in .finished }
    stopMagnetometerUpdates = fail(async: "stopMagnetometerUpdates") { _ in }
    magnetometerData = fail("magnetometerData") { _ in nil }
    startDeviceMotionUpdates = fail("startDeviceMotionUpdates") { _, _ in .finished }
    stopDeviceMotionUpdates = fail(async: "stopDeviceMotionUpdates") { _ in }
    deviceMotion = fail("deviceMotion") { _ in nil }
    availableAttitudeReferenceFrames = fail("availableAttitudeReferenceFrames") { [] }
    attitudeReferenceFrame = fail("attitudeReferenceFrame") { _ in .xArbitraryZVertical }
    magnetometerCalibration = fail("magnetometerCalibration") { .uncalibrated }
    setMagnetometerCalibration = fail("setMagnetometerCalibration") { _ in }
    setLocation = fail(throwing: "setLocation") {
      (_: GeographicPosition) throws(GeomagneticError) in
    }
    magneticDeclination = fail("magneticDeclination") { nil }
  }
}

extension AsyncThrowingStream where Failure == any Error {
  /// A stream that finishes at once: what an unimplemented `start…` endpoint returns.
  fileprivate static var finished: Self { AsyncThrowingStream { $0.finish() } }
}
