import SensorsCore

extension SensorProxyClient {
  /// Starts screen orientation updates for `id`.
  public func startOrientationUpdates(id: some Hashable & Sendable)
    -> AsyncThrowingStream<ScreenOrientation, any Error>
  {
    startOrientationUpdates(AnyHashableSendable(id))
  }

  /// Stops screen orientation updates for `id`.
  public func stopOrientationUpdates(id: some Hashable & Sendable) async {
    await stopOrientationUpdates(AnyHashableSendable(id))
  }

  /// Starts ambient light updates for `id`.
  public func startLightUpdates(id: some Hashable & Sendable)
    -> AsyncThrowingStream<AmbientLight, any Error>
  {
    startLightUpdates(AnyHashableSendable(id))
  }

  /// Stops ambient light updates for `id`.
  public func stopLightUpdates(id: some Hashable & Sendable) async {
    await stopLightUpdates(AnyHashableSendable(id))
  }

  /// Starts proximity updates for `id`.
  public func startProximityUpdates(id: some Hashable & Sendable)
    -> AsyncThrowingStream<Bool, any Error>
  {
    startProximityUpdates(AnyHashableSendable(id))
  }

  /// Stops proximity updates for `id`.
  public func stopProximityUpdates(id: some Hashable & Sendable) async {
    await stopProximityUpdates(AnyHashableSendable(id))
  }

  /// Starts compass updates (degrees from magnetic north) for `id`.
  public func startCompassUpdates(id: some Hashable & Sendable)
    -> AsyncThrowingStream<Double, any Error>
  {
    startCompassUpdates(AnyHashableSendable(id))
  }

  /// Stops compass updates for `id`.
  public func stopCompassUpdates(id: some Hashable & Sendable) async {
    await stopCompassUpdates(AnyHashableSendable(id))
  }

  /// How many updates `id`'s streams have lost; see ``droppedUpdates``.
  public func droppedUpdates(id: some Hashable & Sendable) -> Int {
    droppedUpdates(AnyHashableSendable(id))
  }

  /// Stops every update of `id`, returning once every claim is released.
  public func destroy(id: some Hashable & Sendable) async {
    await destroy(AnyHashableSendable(id))
  }
}
