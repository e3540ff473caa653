import ComposableStore

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
  /// On a live client, run by a store, each update of a buffered device goes from the device's
  /// reader thread straight into the store, during the read that produced it: the store runs
  /// the reducer for `.sample` there, with no stream in between and no task woken per update
  /// (a polled device's updates, read inside a task, are sent by the effect's own task). When
  /// the updates end, the effect stops, destroys and sends `.finished` or `.failed` as usual.
  /// Keep that reducer quick, as any reducer should: the client sizes the kernel buffer for half
  /// a second of scans, and the next read catches up. Where the client's `start…Updates`
  /// endpoint was replaced, or the sender is not a store's, the effect iterates the endpoint's
  /// stream instead (on a live buffered device, still on the reader thread, right after each
  /// read).
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
      start: { startDeviceMotionUpdates($0, frame) },
      direct: directUpdates?.deviceMotion.map { subscribe in
        { @Sendable id, consumer in subscribe(id, frame, consumer) }
      },
      stop: stopDeviceMotionUpdates)
  }

  /// Accelerometer updates (g) for manager `id` as an effect; see
  /// ``deviceMotionUpdates(id:using:interval:)``.
  public func accelerometerUpdates(id: some Hashable & Sendable, interval: Duration? = nil)
    -> Effect<MotionUpdate<AccelerometerData>>
  {
    updates(
      AnyHashableSendable(id), sensor: .accelerometer, interval: interval,
      start: startAccelerometerUpdates, direct: directUpdates?.accelerometer,
      stop: stopAccelerometerUpdates)
  }

  /// Gyroscope updates (rad/s) for manager `id` as an effect; see
  /// ``deviceMotionUpdates(id:using:interval:)``.
  public func gyroUpdates(id: some Hashable & Sendable, interval: Duration? = nil) -> Effect<
    MotionUpdate<GyroData>
  > {
    updates(
      AnyHashableSendable(id), sensor: .gyro, interval: interval, start: startGyroUpdates,
      direct: directUpdates?.gyro, stop: stopGyroUpdates)
  }

  /// Magnetometer updates (µT) for manager `id` as an effect; see
  /// ``deviceMotionUpdates(id:using:interval:)``.
  public func magnetometerUpdates(id: some Hashable & Sendable, interval: Duration? = nil)
    -> Effect<MotionUpdate<MagnetometerData>>
  {
    updates(
      AnyHashableSendable(id), sensor: .magnetometer, interval: interval,
      start: startMagnetometerUpdates, direct: directUpdates?.magnetometer,
      stop: stopMagnetometerUpdates)
  }

  private func updates<Sample: Sendable & Equatable>(
    _ id: AnyHashableSendable,
    sensor: MotionService,
    interval: Duration?,
    start: @escaping @Sendable (AnyHashableSendable) -> AsyncThrowingStream<Sample, any Error>,
    direct: DirectUpdates.Subscribe<Sample>?,
    stop: @escaping @Sendable (AnyHashableSendable) async -> Void
  ) -> Effect<MotionUpdate<Sample>> {
    let bufferLimit = directUpdates?.bufferLimit ?? 1
    return .run { [create, destroy, setUpdateInterval, effectRuns] send in
      let run = await effectRuns.begin(id)
      await create(id)
      if let interval { await setUpdateInterval(id, sensor, interval) }
      var ending = MotionUpdate<Sample>.finished
      do {
        if let direct, let immediate = send.immediate {
          // A live client in a store: a reader's own thread sends each sample to the store
          // itself, with no stream and no task woken per sample (DirectConsumer).
          let consumer = DirectConsumer<Sample>(bufferLimit: bufferLimit) { immediate(.sample($0)) }
          try await consumer.run {
            direct(id, consumer)
          } send: {
            await send(.sample($0))
          }
        } else {
          // The live reader's thread runs this loop's body right after delivering, instead of
          // waking a pool thread for each sample (ReaderThreadExecutor).
          try await withTaskExecutorPreference(ReaderThreadExecutor.shared) {
            for try await sample in start(id) { await send(.sample(sample)) }
          }
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
