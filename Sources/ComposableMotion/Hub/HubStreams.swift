import SensorsCore

/// Makes the streams a hub-backed ``MotionClient`` returns: one bounded stream per
/// subscription, fed by the shared hub, ended by `stop`, `destroy`, a reader's end or failure,
/// or the consumer's cancellation.
struct HubStreams: Sendable {
  let hub: SensorHub
  let registry: MotionManagerRegistry
  /// The most samples a stream holds for a slow consumer before dropping the oldest.
  let bufferLimit: Int

  /// What a subscription of `service` reads (`sensors`), and what it makes of each scan
  /// (`transform`; nil: nothing to emit for this scan).
  struct Updates<Element: Sendable>: Sendable {
    var service: MotionService
    var sensors: Set<MotionSensor>
    var nextNeeded: (@Sendable () -> Double?)? = nil
    var transform: @Sendable (MotionScan) -> Element?
  }

  /// Starts a stream of `updates` for `owner`.
  func start<Element: Sendable>(
    owner: AnyHashableSendable, _ request: Result<Updates<Element>, MotionError>
  ) -> AsyncThrowingStream<Element, any Error> {
    let updates: Updates<Element>
    switch request {
    case .success(let value): updates = value
    case .failure(let error): return AsyncThrowingStream { $0.finish(throwing: error) }
    }
    var (stream, sink, onTermination) =
      hub.backend.waitsForConsumers
      ? losslessStream(updates.transform) : droppingStream(updates.transform)
    sink.nextNeeded = updates.nextNeeded
    switch subscribe(owner: owner, updates, sink) {
    case .success(let unsubscribe):
      // Runs inside a cancelled consumer's cancellation. Safe there: the hub never holds its
      // lock while yielding, and stopping a reader only signals it (its task waits, not us).
      onTermination(unsubscribe)
    case .failure(let error):
      sink.finish(error)
    }
    return stream
  }

  /// Subscribes `sink` to the hub for `owner`; returns how to unsubscribe it.
  private func subscribe<Element>(
    owner: AnyHashableSendable, _ updates: Updates<Element>, _ sink: SensorHub.Sink
  ) -> Result<@Sendable () -> Void, MotionError> {
    guard registry.exists(owner) else { return .failure(.managerNotCreated(owner)) }
    let service = updates.service
    let interval = readerInterval(service, registry.interval(owner, service))
    let result = hub.subscribe(
      owner: owner, service: service, sensors: updates.sensors, interval: interval
    ) { _ in sink }
    let hub = self.hub
    return result.map { token in
      { _ = hub.unsubscribe(owner: owner, service: service, token: token) }
    }
  }

  /// A stream, its sink, and how to install the action run when its consumer goes away.
  private typealias Plumbing<Element: Sendable> = (
    AsyncThrowingStream<Element, any Error>, SensorHub.Sink,
    (@escaping @Sendable () -> Void) -> Void
  )

  /// A live stream: it keeps the newest ``bufferLimit`` elements, and counts what it drops.
  private func droppingStream<Element: Sendable>(
    _ transform: @escaping @Sendable (MotionScan) -> Element?
  ) -> Plumbing<Element> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(
      of: Element.self, throwing: (any Error).self,
      bufferingPolicy: .bufferingNewest(max(1, bufferLimit)))
    let sink = SensorHub.Sink(
      yield: { scan in
        guard let element = transform(scan) else { return 0 }
        if case .dropped = continuation.yield(element) { return 1 }
        return 0
      },
      finish: { error in continuation.finish(throwing: error) }
    )
    return (stream, sink, { action in continuation.onTermination = { _ in action() } })
  }

  /// A replay's stream: its reader waits while ``bufferLimit`` elements are unread, so the
  /// consumer receives every one, however time moves.
  private func losslessStream<Element: Sendable>(
    _ transform: @escaping @Sendable (MotionScan) -> Element?
  ) -> Plumbing<Element> {
    let channel = LosslessChannel<Element>(limit: bufferLimit)
    let sink = SensorHub.Sink(
      // The hub feeds a waiting backend through `send`; were a scan ever handed over without
      // waiting, it would count as dropped rather than vanish.
      yield: { scan in transform(scan) == nil ? 0 : 1 },
      send: { scan in
        guard let element = transform(scan) else { return }
        _ = await channel.send(element)
      },
      finish: { error in channel.finish(throwing: error) }
    )
    return (channel.makeStream(), sink, { action in channel.setOnTermination(action) })
  }

  /// Accelerometer samples for `owner`, remembered as its latest.
  func accelerometerUpdates(owner: AnyHashableSendable) -> Result<
    Updates<AccelerometerData>, MotionError
  > {
    rawUpdates(
      owner: owner, sensor: .accelerometer, remember: { $0.accelerometer = $1 },
      sample: { scan in
        scan.acceleration.map { AccelerometerData(acceleration: $0, timestamp: scan.timestamp) }
      })
  }

  /// Gyroscope samples for `owner`, remembered as its latest.
  func gyroUpdates(owner: AnyHashableSendable) -> Result<Updates<GyroData>, MotionError> {
    rawUpdates(
      owner: owner, sensor: .gyro, remember: { $0.gyro = $1 },
      sample: { scan in
        scan.rotationRate.map { GyroData(rotationRate: $0, timestamp: scan.timestamp) }
      })
  }

  /// Magnetometer samples for `owner`, remembered as its latest.
  func magnetometerUpdates(owner: AnyHashableSendable) -> Result<
    Updates<MagnetometerData>, MotionError
  > {
    rawUpdates(
      owner: owner, sensor: .magnetometer, remember: { $0.magnetometer = $1 },
      sample: { scan in
        scan.magneticField.map { MagnetometerData(magneticField: $0, timestamp: scan.timestamp) }
      })
  }

  /// The samples of one raw `sensor` for `owner`: `sample` reads one from a scan (`nil` when the
  /// scan has none), and `remember` stores it as the manager's latest (the pull mode).
  private func rawUpdates<Sample: Sendable>(
    owner: AnyHashableSendable,
    sensor: MotionSensor,
    remember: @escaping @Sendable (inout MotionManagerRegistry.Latest.Samples, Sample) -> Void,
    sample: @escaping @Sendable (MotionScan) -> Sample?
  ) -> Result<Updates<Sample>, MotionError> {
    let latest = registry.latest(owner)
    return .success(
      Updates(service: MotionService(sensor), sensors: [sensor]) { scan in
        guard let value = sample(scan) else { return nil }
        latest?.update { remember(&$0, value) }
        return value
      })
  }

  /// The slowest reader rate device motion accepts: the filter needs at least 100 Hz,
  /// whatever the output interval.
  static let slowestFusionInterval = Duration.milliseconds(10)

  /// The interval a subscription asks of its reader: its own, except that device motion's
  /// reader never runs slower than ``slowestFusionInterval``.
  func readerInterval(_ service: MotionService, _ interval: Duration) -> Duration {
    service == .deviceMotion ? min(interval, Self.slowestFusionInterval) : interval
  }

  /// The frames device motion can use with the backend's sensors (see `MotionClient`).
  var availableFrames: [AttitudeReferenceFrame] {
    guard hub.isAvailable(.accelerometer), hub.isAvailable(.gyro) else { return [] }
    guard hub.isAvailable(.magnetometer) else { return [.xArbitraryZVertical] }
    let frames: [AttitudeReferenceFrame] = [
      .xArbitraryZVertical, .xArbitraryCorrectedZVertical, .xMagneticNorthZVertical,
    ]
    return hub.backend.declination.current == nil ? frames : frames + [.xTrueNorthZVertical]
  }

  /// Fused device motion for `owner` in `frame`, reading the accelerometer and the gyroscope,
  /// and the magnetometer when the frame needs it.
  func deviceMotionUpdates(
    owner: AnyHashableSendable, frame: AttitudeReferenceFrame
  ) -> Result<Updates<DeviceMotion>, MotionError> {
    let available = availableFrames
    guard available.contains(frame) else {
      let missing: MotionSensor? =
        !hub.isAvailable(.accelerometer) ? .accelerometer : !hub.isAvailable(.gyro) ? .gyro : nil
      return .failure(
        missing.map { hub.backend.unavailableError($0) }
          ?? .referenceFrameUnavailable(frame, available: available))
    }
    let registry = self.registry
    registry.update(owner) { $0.frame = frame }
    let latest = registry.latest(owner)
    let session = DeviceMotionSession(
      frame: frame, declination: hub.backend.declination,
      calibration: hub.backend.magnetometerCalibration,
      interval: { registry.interval(owner, .deviceMotion) },
      generation: { registry.intervalGeneration })
    let sensors: Set<MotionSensor> =
      frame.requiresMagnetometer
      ? [.accelerometer, .gyro, .magnetometer] : [.accelerometer, .gyro]
    return .success(
      Updates(service: .deviceMotion, sensors: sensors, nextNeeded: session.nextNeeded) { scan in
        guard let motion = session.update(scan) else { return nil }
        latest?.update { $0.deviceMotion = motion }
        return motion
      })
  }

  /// Stops `owner`'s `service` stream and waits for readers no one needs any more.
  func stop(owner: AnyHashableSendable, service: MotionService) async {
    for task in hub.unsubscribe(owner: owner, service: service) { await task.value }
  }

  /// Stops everything `owner` runs, waits for the readers, and forgets the manager.
  func destroy(owner: AnyHashableSendable) async {
    let stopped = hub.removeAll(owner: owner)
    registry.destroy(owner)
    for task in stopped { await task.value }
  }
}
