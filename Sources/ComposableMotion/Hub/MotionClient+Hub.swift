import Geomagnetism
import SensorsCore

extension MotionClient {
  /// A client over a shared-reader hub; `.live` and `.replay` differ only in their backend.
  init(backend: MotionBackend, bufferLimit: Int) {
    let hub = SensorHub(backend: backend)
    let registry = MotionManagerRegistry()
    let streams = HubStreams(hub: hub, registry: registry, bufferLimit: bufferLimit)
    // Each stored endpoint is assigned here (not through the public initialiser's defaults),
    // so the compiler rejects one left out: live, iiod and replay clients all come from here.
    create = { registry.create($0) }
    destroy = { await streams.destroy(owner: $0) }
    updateInterval = { registry.interval($0, $1) }
    setUpdateInterval = { id, service, interval in
      guard let interval = registry.setInterval(id, service, interval) else { return }
      let readerInterval = streams.readerInterval(service, interval)
      let stopped = hub.updateInterval(owner: id, service: service, interval: readerInterval)
      for task in stopped { await task.value }
    }
    isAvailable = { $0.requiredSensors.allSatisfy(hub.isAvailable) }
    isActive = { hub.isActive(owner: $0, service: $1) }
    droppedSamples = { hub.dropped(owner: $0, service: $1) }
    startAccelerometerUpdates = { id in
      streams.start(owner: id, streams.accelerometerUpdates(owner: id))
    }
    stopAccelerometerUpdates = { await streams.stop(owner: $0, service: .accelerometer) }
    accelerometerData = { id in registry.read(id) { $0.latest.current.accelerometer } }
    startGyroUpdates = { streams.start(owner: $0, streams.gyroUpdates(owner: $0)) }
    stopGyroUpdates = { await streams.stop(owner: $0, service: .gyro) }
    gyroData = { id in registry.read(id) { $0.latest.current.gyro } }
    startMagnetometerUpdates = { id in
      streams.start(owner: id, streams.magnetometerUpdates(owner: id))
    }
    stopMagnetometerUpdates = { await streams.stop(owner: $0, service: .magnetometer) }
    magnetometerData = { id in registry.read(id) { $0.latest.current.magnetometer } }
    startDeviceMotionUpdates = { id, frame in
      streams.start(owner: id, streams.deviceMotionUpdates(owner: id, frame: frame))
    }
    stopDeviceMotionUpdates = { await streams.stop(owner: $0, service: .deviceMotion) }
    deviceMotion = { id in registry.read(id) { $0.latest.current.deviceMotion } }
    availableAttitudeReferenceFrames = { streams.availableFrames }
    attitudeReferenceFrame = { id in registry.read(id) { $0.frame } ?? .xArbitraryZVertical }
    magnetometerCalibration = { backend.magnetometerCalibration.current }
    setMagnetometerCalibration = { backend.magnetometerCalibration.save($0) }
    setLocation = { position throws(GeomagneticError) in
      if let error = backend.declination.set(position) { throw error }
    }
    magneticDeclination = { backend.declination.current }
  }
}
