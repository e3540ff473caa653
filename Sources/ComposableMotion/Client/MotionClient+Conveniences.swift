import SensorsCore

// Call sites read like Core Motion: `motion.startAccelerometerUpdates(id: Manager.id)` with any
// `Hashable & Sendable` id, and the availability flags as properties.
extension MotionClient {
  /// Creates the manager `id`.
  public func create(id: some Hashable & Sendable) async {
    await create(AnyHashableSendable(id))
  }

  /// Stops everything manager `id` runs, closes the descriptors only it needed, forgets it.
  public func destroy(id: some Hashable & Sendable) async {
    await destroy(AnyHashableSendable(id))
  }

  /// The update interval of `sensor` for manager `id`.
  public func updateInterval(id: some Hashable & Sendable, sensor: MotionService) -> Duration {
    updateInterval(AnyHashableSendable(id), sensor)
  }

  /// Sets the update interval of `sensor` for manager `id`.
  public func setUpdateInterval(
    id: some Hashable & Sendable, sensor: MotionService, to interval: Duration
  ) async {
    await setUpdateInterval(AnyHashableSendable(id), sensor, interval)
  }

  /// Samples manager `id`'s current `sensor` stream dropped because its consumer was slow.
  public func droppedSamples(id: some Hashable & Sendable, sensor: MotionService) -> Int {
    droppedSamples(AnyHashableSendable(id), sensor)
  }

  /// Whether the device has an accelerometer.
  public var isAccelerometerAvailable: Bool { isAvailable(.accelerometer) }
  /// Whether the device has a gyroscope.
  public var isGyroAvailable: Bool { isAvailable(.gyro) }
  /// Whether the device has a magnetometer.
  public var isMagnetometerAvailable: Bool { isAvailable(.magnetometer) }
  /// Whether device motion can be computed (an accelerometer and a gyroscope exist).
  public var isDeviceMotionAvailable: Bool { isAvailable(.deviceMotion) }

  /// Whether manager `id` receives accelerometer updates.
  public func isAccelerometerActive(id: some Hashable & Sendable) -> Bool {
    isActive(AnyHashableSendable(id), .accelerometer)
  }
  /// Whether manager `id` receives gyroscope updates.
  public func isGyroActive(id: some Hashable & Sendable) -> Bool {
    isActive(AnyHashableSendable(id), .gyro)
  }
  /// Whether manager `id` receives magnetometer updates.
  public func isMagnetometerActive(id: some Hashable & Sendable) -> Bool {
    isActive(AnyHashableSendable(id), .magnetometer)
  }
  /// Whether manager `id` receives device-motion updates.
  public func isDeviceMotionActive(id: some Hashable & Sendable) -> Bool {
    isActive(AnyHashableSendable(id), .deviceMotion)
  }

  /// Starts accelerometer updates (g, Core Motion sign) for manager `id`.
  public func startAccelerometerUpdates(
    id: some Hashable & Sendable
  ) -> AsyncThrowingStream<AccelerometerData, any Error> {
    startAccelerometerUpdates(AnyHashableSendable(id))
  }
  /// Stops accelerometer updates for manager `id`; its stream finishes.
  public func stopAccelerometerUpdates(id: some Hashable & Sendable) async {
    await stopAccelerometerUpdates(AnyHashableSendable(id))
  }
  /// The latest accelerometer sample of manager `id`.
  public func accelerometerData(id: some Hashable & Sendable) -> AccelerometerData? {
    accelerometerData(AnyHashableSendable(id))
  }

  /// Starts gyroscope updates (rad/s) for manager `id`.
  public func startGyroUpdates(
    id: some Hashable & Sendable
  ) -> AsyncThrowingStream<GyroData, any Error> {
    startGyroUpdates(AnyHashableSendable(id))
  }
  /// Stops gyroscope updates for manager `id`; its stream finishes.
  public func stopGyroUpdates(id: some Hashable & Sendable) async {
    await stopGyroUpdates(AnyHashableSendable(id))
  }
  /// The latest gyroscope sample of manager `id`.
  public func gyroData(id: some Hashable & Sendable) -> GyroData? {
    gyroData(AnyHashableSendable(id))
  }

  /// Starts magnetometer updates (µT) for manager `id`.
  public func startMagnetometerUpdates(
    id: some Hashable & Sendable
  ) -> AsyncThrowingStream<MagnetometerData, any Error> {
    startMagnetometerUpdates(AnyHashableSendable(id))
  }
  /// Stops magnetometer updates for manager `id`; its stream finishes.
  public func stopMagnetometerUpdates(id: some Hashable & Sendable) async {
    await stopMagnetometerUpdates(AnyHashableSendable(id))
  }
  /// The latest magnetometer sample of manager `id`.
  public func magnetometerData(id: some Hashable & Sendable) -> MagnetometerData? {
    magnetometerData(AnyHashableSendable(id))
  }

  /// Starts fused device-motion updates for manager `id`, attitudes in `frame`.
  public func startDeviceMotionUpdates(
    id: some Hashable & Sendable, using frame: AttitudeReferenceFrame = .xArbitraryZVertical
  ) -> AsyncThrowingStream<DeviceMotion, any Error> {
    startDeviceMotionUpdates(AnyHashableSendable(id), frame)
  }
  /// Stops device-motion updates for manager `id`; its stream finishes.
  public func stopDeviceMotionUpdates(id: some Hashable & Sendable) async {
    await stopDeviceMotionUpdates(AnyHashableSendable(id))
  }
  /// The latest device motion of manager `id`.
  public func deviceMotion(id: some Hashable & Sendable) -> DeviceMotion? {
    deviceMotion(AnyHashableSendable(id))
  }
  /// The reference frame manager `id`'s device motion uses, like `CMMotionManager.attitudeReferenceFrame`.
  public func attitudeReferenceFrame(id: some Hashable & Sendable) -> AttitudeReferenceFrame {
    attitudeReferenceFrame(AnyHashableSendable(id))
  }
}
