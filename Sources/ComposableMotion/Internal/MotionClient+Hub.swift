import ComposableStore

extension MotionClient {
  /// A client over a shared-reader hub; `.live` and `.replay` differ only in their backend.
  init(backend: MotionBackend, bufferLimit: Int) {
    let hub = SensorHub(backend: backend)
    let registry = MotionManagerRegistry()
    let streams = HubStreams(hub: hub, registry: registry, bufferLimit: bufferLimit)
    self.init(
      create: { registry.create($0) },
      destroy: { await streams.destroy(owner: $0) },
      updateInterval: { registry.interval($0, $1) },
      setUpdateInterval: { id, sensor, interval in
        guard registry.setInterval(id, sensor, interval) else { return }
        let readerInterval = streams.readerInterval(sensor, interval)
        let stopped = hub.updateInterval(owner: id, service: sensor, interval: readerInterval)
        for task in stopped { await task.value }
      },
      isAvailable: { sensor in
        sensor == .deviceMotion
          ? hub.isAvailable(.accelerometer) && hub.isAvailable(.gyro)
          : hub.isAvailable(sensor)
      },
      isActive: { hub.isActive(owner: $0, service: $1) },
      droppedSamples: { hub.dropped(owner: $0, service: $1) },
      startAccelerometerUpdates: { id in
        streams.start(owner: id, service: .accelerometer, sensors: [.accelerometer]) { scan in
          guard let value = scan.acceleration else { return nil }
          let sample = AccelerometerData(acceleration: value, timestamp: scan.timestamp)
          registry.update(id) { $0.accelerometer = sample }
          return sample
        }
      },
      stopAccelerometerUpdates: { await streams.stop(owner: $0, service: .accelerometer) },
      accelerometerData: { id in registry.read(id) { $0.accelerometer } },
      startGyroUpdates: { id in
        streams.start(owner: id, service: .gyro, sensors: [.gyro]) { scan in
          guard let value = scan.rotationRate else { return nil }
          let sample = GyroData(rotationRate: value, timestamp: scan.timestamp)
          registry.update(id) { $0.gyro = sample }
          return sample
        }
      },
      stopGyroUpdates: { await streams.stop(owner: $0, service: .gyro) },
      gyroData: { id in registry.read(id) { $0.gyro } },
      startMagnetometerUpdates: { id in
        streams.start(owner: id, service: .magnetometer, sensors: [.magnetometer]) { scan in
          guard let value = scan.magneticField else { return nil }
          let sample = MagnetometerData(magneticField: value, timestamp: scan.timestamp)
          registry.update(id) { $0.magnetometer = sample }
          return sample
        }
      },
      stopMagnetometerUpdates: { await streams.stop(owner: $0, service: .magnetometer) },
      magnetometerData: { id in registry.read(id) { $0.magnetometer } },
      startDeviceMotionUpdates: { id, frame in streams.startDeviceMotion(owner: id, frame: frame) },
      stopDeviceMotionUpdates: { await streams.stop(owner: $0, service: .deviceMotion) },
      deviceMotion: { id in registry.read(id) { $0.deviceMotion } },
      availableAttitudeReferenceFrames: { streams.availableFrames }
    )
  }
}
