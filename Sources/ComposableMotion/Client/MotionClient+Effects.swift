import ComposableStore

// The skeleton every motion feature repeats, once: create the manager, start updates, send each
// sample, say how the stream ended, and on cancellation stop the updates and destroy the
// manager. Cancel it with `.cancellable(id:)` / `.cancel(id:)` like any effect.
extension MotionClient {
  /// Device-motion updates for manager `id` in `frame` as an effect: ``MotionUpdate/sample(_:)``
  /// per update, then ``MotionUpdate/finished`` or ``MotionUpdate/failed(_:)``. When the effect
  /// ends (on its own or cancelled) the updates are stopped and the manager destroyed.
  ///
  /// ```swift
  /// case .start:
  ///   return motion.deviceMotionUpdates(id: ManagerID()).map(Action.motion)
  ///     .cancellable(id: CancelID.motion, cancelInFlight: true)
  /// case .stop:
  ///   return .cancel(id: CancelID.motion)
  /// ```
  public func deviceMotionUpdates(
    id: some Hashable & Sendable, using frame: AttitudeReferenceFrame = .xArbitraryZVertical
  ) -> Effect<MotionUpdate<DeviceMotion>> {
    let key = AnyHashableSendable(id)
    return updates(
      key, start: { startDeviceMotionUpdates($0, frame) }, stop: stopDeviceMotionUpdates)
  }

  /// Accelerometer updates (g) for manager `id` as an effect; see
  /// ``deviceMotionUpdates(id:using:)``.
  public func accelerometerUpdates(id: some Hashable & Sendable) -> Effect<
    MotionUpdate<AccelerometerData>
  > {
    updates(
      AnyHashableSendable(id), start: startAccelerometerUpdates, stop: stopAccelerometerUpdates)
  }

  /// Gyroscope updates (rad/s) for manager `id` as an effect; see
  /// ``deviceMotionUpdates(id:using:)``.
  public func gyroUpdates(id: some Hashable & Sendable) -> Effect<MotionUpdate<GyroData>> {
    updates(AnyHashableSendable(id), start: startGyroUpdates, stop: stopGyroUpdates)
  }

  /// Magnetometer updates (µT) for manager `id` as an effect; see
  /// ``deviceMotionUpdates(id:using:)``.
  public func magnetometerUpdates(id: some Hashable & Sendable) -> Effect<
    MotionUpdate<MagnetometerData>
  > {
    updates(
      AnyHashableSendable(id), start: startMagnetometerUpdates, stop: stopMagnetometerUpdates)
  }

  private func updates<Sample: Sendable & Equatable>(
    _ id: AnyHashableSendable,
    start: @escaping @Sendable (AnyHashableSendable) -> AsyncThrowingStream<Sample, any Error>,
    stop: @escaping @Sendable (AnyHashableSendable) async -> Void
  ) -> Effect<MotionUpdate<Sample>> {
    .run { [create, destroy] send in
      await create(id)
      var ending = MotionUpdate<Sample>.finished
      do {
        for try await sample in start(id) { await send(.sample(sample)) }
      } catch is CancellationError {
      } catch let error as MotionError {
        ending = .failed(error.description)
      } catch {
        ending = .failed("\(error)")
      }
      // Runs on cancellation too: the loop above ends, and these calls still complete.
      await stop(id)
      await destroy(id)
      if !Task.isCancelled { await send(ending) }
    }
  }
}
