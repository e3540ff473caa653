import Geomagnetism
import SensorsCore

/// Core Motion's `CMMotionManager` as a value: a struct of `@Sendable` endpoints that a
/// reducer's effects call, and that a test overrides one by one.
///
/// Managers are keyed by an id (any `Hashable & Sendable` value, erased to
/// `AnyHashableSendable`). The lifecycle is `create` → `start…` / `stop…` → `destroy`:
///
/// ```swift
/// await motion.create(id: Manager.id)
/// for try await sample in motion.startAccelerometerUpdates(id: Manager.id) {
///   await send(.accelerometer(sample))
/// }
/// ```
///
/// Semantics every implementation follows (``live(root:deviceDirectory:mode:devices:clock:bufferLimit:magneticDeclination:onEvent:)``
/// and ``replay(recording:clock:bufferLimit:magneticDeclination:name:)`` do):
/// - `start…` on an id that was not created returns a stream that fails with
///   ``MotionError/managerNotCreated(_:)``; on an unavailable sensor it fails with
///   ``MotionError/sensorUnavailable(_:searched:skipped:)``.
/// - A second `start…` for the same id and sensor **replaces** the first: the old stream
///   finishes normally and the new one receives the samples from then on.
/// - `stop…` finishes the stream normally; cancelling the consuming task ends the
///   subscription too. A sensor's reader runs while any manager needs it.
/// - A stream can be started again after a stop or a cancellation.
/// - Each stream buffers at most a fixed number of samples; when its consumer is slow the
///   oldest are dropped and counted in ``droppedSamples`` (live sensors), or the replay waits
///   for the consumer and drops nothing (a recording).
/// - `destroy` finishes the manager's streams and, once it returns, every reader it alone
///   needed has stopped and closed its file descriptors.
public struct MotionClient: Sendable {
  /// Creates the manager `id`. Creating an existing manager keeps its state.
  public var create: @Sendable (AnyHashableSendable) async -> Void
  /// Stops every update of manager `id`, waits for readers no one else needs to close their
  /// descriptors, and forgets the manager.
  public var destroy: @Sendable (AnyHashableSendable) async -> Void

  /// The update interval of a sensor for manager `id` (default 10 ms).
  public var updateInterval: @Sendable (AnyHashableSendable, MotionService) -> Duration
  /// Sets the update interval of a sensor for manager `id`; a running stream adopts it (its
  /// reader restarts at the new rate if it must). Intervals under 1 µs, zero and negative
  /// ones included, mean "as fast as the sensor goes" and are stored as 1 µs. Ignored for an
  /// id that was not created.
  public var setUpdateInterval:
    @Sendable (AnyHashableSendable, MotionService, Duration) async -> Void

  /// Whether the device has this sensor (for ``MotionService/deviceMotion``: an accelerometer
  /// and a gyroscope).
  public var isAvailable: @Sendable (MotionService) -> Bool
  /// Whether manager `id` is receiving updates of this sensor.
  public var isActive: @Sendable (AnyHashableSendable, MotionService) -> Bool
  /// How many samples manager `id`'s current stream of this sensor dropped because its
  /// consumer fell behind (0 after a restart).
  public var droppedSamples: @Sendable (AnyHashableSendable, MotionService) -> Int

  /// Starts accelerometer updates (g, Core Motion sign) for manager `id`.
  public var startAccelerometerUpdates:
    @Sendable (AnyHashableSendable) -> AsyncThrowingStream<AccelerometerData, any Error>
  /// Stops accelerometer updates for manager `id`; its stream finishes.
  public var stopAccelerometerUpdates: @Sendable (AnyHashableSendable) async -> Void
  /// The latest accelerometer sample manager `id` received, if any (Core Motion's pull mode).
  public var accelerometerData: @Sendable (AnyHashableSendable) -> AccelerometerData?

  /// Starts gyroscope updates (rad/s) for manager `id`.
  public var startGyroUpdates:
    @Sendable (AnyHashableSendable) -> AsyncThrowingStream<GyroData, any Error>
  /// Stops gyroscope updates for manager `id`; its stream finishes.
  public var stopGyroUpdates: @Sendable (AnyHashableSendable) async -> Void
  /// The latest gyroscope sample manager `id` received, if any.
  public var gyroData: @Sendable (AnyHashableSendable) -> GyroData?

  /// Starts magnetometer updates (µT) for manager `id`.
  public var startMagnetometerUpdates:
    @Sendable (AnyHashableSendable) -> AsyncThrowingStream<MagnetometerData, any Error>
  /// Stops magnetometer updates for manager `id`; its stream finishes.
  public var stopMagnetometerUpdates: @Sendable (AnyHashableSendable) async -> Void
  /// The latest magnetometer sample manager `id` received, if any.
  public var magnetometerData: @Sendable (AnyHashableSendable) -> MagnetometerData?

  /// Starts fused device-motion updates for manager `id`, attitudes in `frame`. Fails with
  /// ``MotionError/referenceFrameUnavailable(_:available:)`` when the sensors cannot give
  /// that frame (see ``availableAttitudeReferenceFrames``).
  public var startDeviceMotionUpdates:
    @Sendable (AnyHashableSendable, AttitudeReferenceFrame) -> AsyncThrowingStream<
      DeviceMotion, any Error
    >
  /// Stops device-motion updates for manager `id`; its stream finishes.
  public var stopDeviceMotionUpdates: @Sendable (AnyHashableSendable) async -> Void
  /// The latest device motion manager `id` received, if any.
  public var deviceMotion: @Sendable (AnyHashableSendable) -> DeviceMotion?
  /// The reference frames device motion can use here: none without an accelerometer and a
  /// gyroscope; ``AttitudeReferenceFrame/xArbitraryZVertical`` with them; the corrected and
  /// magnetic-north frames with a magnetometer too; true north when a declination is known.
  public var availableAttitudeReferenceFrames: @Sendable () -> [AttitudeReferenceFrame]
  /// The reference frame manager `id`'s device motion uses (the last one it started updates with), or
  /// ``AttitudeReferenceFrame/xArbitraryZVertical``, Core Motion's default, if it never started any.
  public var attitudeReferenceFrame: @Sendable (AnyHashableSendable) -> AttitudeReferenceFrame
  /// The magnetometer calibration device motion uses, learned online from the rotations it sees (shared
  /// by every manager of this client). Save its ``MagnetometerCalibration/textLine`` when the app stops.
  public var magnetometerCalibration: @Sendable () -> MagnetometerCalibration
  /// Restores a saved magnetometer calibration (from ``MagnetometerCalibration/init(textLine:)``):
  /// device-motion updates started afterwards begin with it instead of uncalibrated, and refine it.
  public var setMagnetometerCalibration: @Sendable (MagnetometerCalibration) -> Void
  /// Tells the client where the device is, for ``AttitudeReferenceFrame/xTrueNorthZVertical``:
  /// unless the client was made with a `magneticDeclination`, true north then uses the World
  /// Magnetic Model's declination there (or the position's own `magneticVariation` when the
  /// model cannot answer), and running true-north streams turn from their next output. Pass a
  /// `LocationClient` fix (`location.geographicPosition`) or a position the app knows. Device-
  /// motion updates started afterwards also give their magnetometer calibration the model's field
  /// there as its prior (``MagneticFieldPrior``): a fit no such field explains is not adopted. Throws
  /// the model's error when it gives no declination there; true north then stays unavailable
  /// (or keeps a running stream's last declination) until a usable position arrives.
  public var setLocation: @Sendable (GeographicPosition) throws(GeomagneticError) -> Void
  /// The declination true north uses now, degrees east, or nil while none is known (no
  /// `magneticDeclination` given and no usable ``setLocation`` yet).
  public var magneticDeclination: @Sendable () -> Double?

  /// Which run of an update effect owns each manager id (shared by copies of this client).
  let effectRuns = EffectRuns()

  /// Creates a client from its endpoints; tests usually start from `.unimplemented()` and
  /// override only what the feature calls.
  public init(
    create: @escaping @Sendable (AnyHashableSendable) async -> Void,
    destroy: @escaping @Sendable (AnyHashableSendable) async -> Void,
    updateInterval: @escaping @Sendable (AnyHashableSendable, MotionService) -> Duration,
    setUpdateInterval:
      @escaping @Sendable (AnyHashableSendable, MotionService, Duration) async -> Void,
    isAvailable: @escaping @Sendable (MotionService) -> Bool,
    isActive: @escaping @Sendable (AnyHashableSendable, MotionService) -> Bool,
    droppedSamples: @escaping @Sendable (AnyHashableSendable, MotionService) -> Int,
    startAccelerometerUpdates:
      @escaping @Sendable (AnyHashableSendable) -> AsyncThrowingStream<
        AccelerometerData, any Error
      >,
    stopAccelerometerUpdates: @escaping @Sendable (AnyHashableSendable) async -> Void,
    accelerometerData: @escaping @Sendable (AnyHashableSendable) -> AccelerometerData?,
    startGyroUpdates:
      @escaping @Sendable (AnyHashableSendable) -> AsyncThrowingStream<
        GyroData, any Error
      >,
    stopGyroUpdates: @escaping @Sendable (AnyHashableSendable) async -> Void,
    gyroData: @escaping @Sendable (AnyHashableSendable) -> GyroData?,
    startMagnetometerUpdates:
      @escaping @Sendable (AnyHashableSendable) -> AsyncThrowingStream<
        MagnetometerData, any Error
      >,
    stopMagnetometerUpdates: @escaping @Sendable (AnyHashableSendable) async -> Void,
    magnetometerData: @escaping @Sendable (AnyHashableSendable) -> MagnetometerData?,
    startDeviceMotionUpdates:
      @escaping @Sendable (AnyHashableSendable, AttitudeReferenceFrame) ->
      AsyncThrowingStream<DeviceMotion, any Error>,
    stopDeviceMotionUpdates: @escaping @Sendable (AnyHashableSendable) async -> Void,
    deviceMotion: @escaping @Sendable (AnyHashableSendable) -> DeviceMotion?,
    availableAttitudeReferenceFrames: @escaping @Sendable () -> [AttitudeReferenceFrame],
    attitudeReferenceFrame: @escaping @Sendable (AnyHashableSendable) -> AttitudeReferenceFrame = {
      _ in .xArbitraryZVertical
    },
    magnetometerCalibration: @escaping @Sendable () -> MagnetometerCalibration = {
      .uncalibrated
    },
    setMagnetometerCalibration: @escaping @Sendable (MagnetometerCalibration) -> Void = { _ in },
    setLocation: @escaping @Sendable (GeographicPosition) throws(GeomagneticError) -> Void = {
      _ in
    },
    magneticDeclination: @escaping @Sendable () -> Double? = { nil }
  ) {
    self.create = create
    self.destroy = destroy
    self.updateInterval = updateInterval
    self.setUpdateInterval = setUpdateInterval
    self.isAvailable = isAvailable
    self.isActive = isActive
    self.droppedSamples = droppedSamples
    self.startAccelerometerUpdates = startAccelerometerUpdates
    self.stopAccelerometerUpdates = stopAccelerometerUpdates
    self.accelerometerData = accelerometerData
    self.startGyroUpdates = startGyroUpdates
    self.stopGyroUpdates = stopGyroUpdates
    self.gyroData = gyroData
    self.startMagnetometerUpdates = startMagnetometerUpdates
    self.stopMagnetometerUpdates = stopMagnetometerUpdates
    self.magnetometerData = magnetometerData
    self.startDeviceMotionUpdates = startDeviceMotionUpdates
    self.stopDeviceMotionUpdates = stopDeviceMotionUpdates
    self.deviceMotion = deviceMotion
    self.availableAttitudeReferenceFrames = availableAttitudeReferenceFrames
    self.attitudeReferenceFrame = attitudeReferenceFrame
    self.magnetometerCalibration = magnetometerCalibration
    self.setMagnetometerCalibration = setMagnetometerCalibration
    self.setLocation = setLocation
    self.magneticDeclination = magneticDeclination
  }
}
