import ComposableStore
import SensorsCore

// The skeleton every motion feature repeats, once: create the manager, start updates, send each
// sample, say how the stream ended, and on cancellation stop the updates and destroy the
// manager. Cancel it with `.cancellable(id:)` / `.cancel(id:)` like any effect.
extension MotionClient {
  /// Device-motion updates for manager `id` in `frame` as an effect: ``MotionUpdate/sample(_:)``
  /// per update, then ``MotionUpdate/finished`` or ``MotionUpdate/failed(_:)``. When the effect
  /// ends (on its own or cancelled) the updates are stopped and the manager destroyed.
  ///
  /// The manager is keyed by `id` itself, as in composable-core-motion: while the effect runs,
  /// ``isDeviceMotionActive(id:)`` and ``deviceMotion(id:)`` find it. Run one such effect per
  /// id at a time. When a run starts while an earlier run of the same id (on the same client)
  /// is still going, as with `cancelInFlight`, the new run takes the manager over and the
  /// earlier run's teardown leaves it alone; if the earlier run is already stopping, the new
  /// run waits for it to finish, then creates the manager afresh.
  ///
  /// Every sample takes the same way, whatever the client and whoever runs the effect (a `Store`
  /// or a `TestStore`): the client's `start…Updates` stream, iterated by the effect's task, which
  /// sends each sample. A live stream keeps the newest samples when the reducer falls behind
  /// (counted in ``droppedSamples``); a replay's waits for it and loses none. On a live buffered
  /// device the loop's body (the reducer) runs on the device's reader thread right after the read
  /// that produced the sample, so an update wakes no other thread; keep reducers quick.
  ///
  /// ```swift
  /// case .start:
  ///   return motion.deviceMotionUpdates(id: ManagerID()).map(Action.motion)
  ///     .cancellable(id: CancelID.motion, cancelInFlight: true)
  /// case .stop:
  ///   return .cancel(id: CancelID.motion)
  /// ```
  ///
  /// - Parameters:
  ///   - id: the manager the effect creates, runs and destroys.
  ///   - frame: the reference frame of the attitudes.
  ///   - interval: the update interval to set before starting, or `nil` for the current one.
  public func deviceMotionUpdates(
    id: some Hashable & Sendable, using frame: AttitudeReferenceFrame = .xArbitraryZVertical,
    interval: Duration? = nil
  ) -> Effect<MotionUpdate<DeviceMotion>> {
    updates(
      AnyHashableSendable(id), sensor: .deviceMotion, interval: interval,
      start: { startDeviceMotionUpdates($0, frame) }, stop: stopDeviceMotionUpdates)
  }

  /// Accelerometer updates (g) for manager `id` as an effect; see
  /// ``deviceMotionUpdates(id:using:interval:)``.
  public func accelerometerUpdates(id: some Hashable & Sendable, interval: Duration? = nil)
    -> Effect<MotionUpdate<AccelerometerData>>
  {
    updates(
      AnyHashableSendable(id), sensor: .accelerometer, interval: interval,
      start: startAccelerometerUpdates, stop: stopAccelerometerUpdates)
  }

  /// Gyroscope updates (rad/s) for manager `id` as an effect; see
  /// ``deviceMotionUpdates(id:using:interval:)``.
  public func gyroUpdates(id: some Hashable & Sendable, interval: Duration? = nil) -> Effect<
    MotionUpdate<GyroData>
  > {
    updates(
      AnyHashableSendable(id), sensor: .gyro, interval: interval, start: startGyroUpdates,
      stop: stopGyroUpdates)
  }

  /// Magnetometer updates (µT) for manager `id` as an effect; see
  /// ``deviceMotionUpdates(id:using:interval:)``.
  public func magnetometerUpdates(id: some Hashable & Sendable, interval: Duration? = nil)
    -> Effect<MotionUpdate<MagnetometerData>>
  {
    updates(
      AnyHashableSendable(id), sensor: .magnetometer, interval: interval,
      start: startMagnetometerUpdates, stop: stopMagnetometerUpdates)
  }

  private func updates<Sample: Sendable & Equatable>(
    _ id: AnyHashableSendable,
    sensor: MotionService,
    interval: Duration?,
    start: @escaping @Sendable (AnyHashableSendable) -> AsyncThrowingStream<Sample, any Error>,
    stop: @escaping @Sendable (AnyHashableSendable) async -> Void
  ) -> Effect<MotionUpdate<Sample>> {
    .run { [create, destroy, setUpdateInterval, effectRuns] send in
      let run = await effectRuns.begin(id)
      await create(id)
      if let interval { await setUpdateInterval(id, sensor, interval) }
      var ending = MotionUpdate<Sample>.finished
      do {
        // On a live buffered device, the reader's thread runs this loop's body right after
        // the read that fed it; every other resumption goes where it would without this (the
        // executor the effect inherited, a TestStore's, or the pool).
        let executor = ReaderThreadExecutor(fallback: InheritedExecutor.preferred)
        try await withTaskExecutorPreference(executor) {
          for try await sample in start(id) { await send(.sample(sample)) }
        }
      } catch is CancellationError {
      } catch {
        ending = .failed(MotionError(error))
      }
      // Runs on cancellation too: the loop above ends, and these calls still complete. A later
      // run that took the manager over stops and destroys it itself.
      if effectRuns.beginTeardown(id, run: run) {
        await stop(id)
        await destroy(id)
        effectRuns.endTeardown(id, run: run)
      }
      if !Task.isCancelled { await send(ending) }
    }
  }
}
