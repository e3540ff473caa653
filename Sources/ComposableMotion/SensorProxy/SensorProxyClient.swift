import SensorsCore

/// iio-sensor-proxy (`net.hadess.SensorProxy`) as a value: the screen orientation, ambient
/// light, proximity and compass that Linux phones and laptops share between apps, as endpoints
/// a reducer's effects start and stop.
///
/// The proxy owns those sensors (and the accelerometer's buffer); apps claim a sensor while they
/// read it. `start…` claims it (`Claim…`) and streams each value the proxy announces
/// (`PropertiesChanged`), beginning with the current one; `stop…` releases it (`Release…`) and
/// finishes the stream; `destroy` stops everything of an id. A second `start…` for the same id
/// and sensor replaces the first (the old stream finishes). Cancelling the consuming task
/// releases the claim too. Streams fail with ``SensorProxyError``.
///
/// ```swift
/// for try await orientation in proxy.startOrientationUpdates(id: Screen.id) {
///   await send(.rotated(orientation))
/// }
/// ```
public struct SensorProxyClient: Sendable {
  /// Starts screen orientation updates for `id`.
  public var startOrientationUpdates:
    @Sendable (AnyHashableSendable) -> AsyncThrowingStream<ScreenOrientation, any Error>
  /// Stops them and releases the accelerometer claim; the stream finishes.
  public var stopOrientationUpdates: @Sendable (AnyHashableSendable) async -> Void
  /// Starts ambient light updates for `id`.
  public var startLightUpdates:
    @Sendable (AnyHashableSendable) -> AsyncThrowingStream<AmbientLight, any Error>
  /// Stops them and releases the light sensor claim.
  public var stopLightUpdates: @Sendable (AnyHashableSendable) async -> Void
  /// Starts proximity updates for `id`: true while something is near the sensor.
  public var startProximityUpdates:
    @Sendable (AnyHashableSendable) -> AsyncThrowingStream<Bool, any Error>
  /// Stops them and releases the proximity claim.
  public var stopProximityUpdates: @Sendable (AnyHashableSendable) async -> Void
  /// Starts compass updates for `id`: the heading in degrees clockwise from magnetic north
  /// (readings the proxy marks unknown, −1, are skipped).
  public var startCompassUpdates:
    @Sendable (AnyHashableSendable) -> AsyncThrowingStream<Double, any Error>
  /// Stops them and releases the compass claim.
  public var stopCompassUpdates: @Sendable (AnyHashableSendable) async -> Void
  /// Stops every update of `id` and returns once every claim is released.
  public var destroy: @Sendable (AnyHashableSendable) async -> Void
  /// How many updates `id`'s streams have lost because their consumer fell behind: values
  /// beyond the newest ones a stream keeps (64 by default), and the proxy's signals the bus connection dropped
  /// (after which the stream reads the proxy's current value, so the latest one always
  /// arrives). Counted until `destroy`; 0 for an unknown id. A client built with
  /// ``init(startOrientationUpdates:stopOrientationUpdates:startLightUpdates:stopLightUpdates:startProximityUpdates:stopProximityUpdates:startCompassUpdates:stopCompassUpdates:destroy:droppedUpdates:)``
  /// and no count says 0.
  public var droppedUpdates: @Sendable (AnyHashableSendable) -> Int

  /// Creates a client from its endpoints (a test double, or another backend).
  public init(
    startOrientationUpdates:
      @escaping @Sendable (AnyHashableSendable) -> AsyncThrowingStream<
        ScreenOrientation, any Error
      >,
    stopOrientationUpdates: @escaping @Sendable (AnyHashableSendable) async -> Void,
    startLightUpdates:
      @escaping @Sendable (AnyHashableSendable) -> AsyncThrowingStream<
        AmbientLight, any Error
      >,
    stopLightUpdates: @escaping @Sendable (AnyHashableSendable) async -> Void,
    startProximityUpdates:
      @escaping @Sendable (AnyHashableSendable) -> AsyncThrowingStream<
        Bool, any Error
      >,
    stopProximityUpdates: @escaping @Sendable (AnyHashableSendable) async -> Void,
    startCompassUpdates:
      @escaping @Sendable (AnyHashableSendable) -> AsyncThrowingStream<
        Double, any Error
      >,
    stopCompassUpdates: @escaping @Sendable (AnyHashableSendable) async -> Void,
    destroy: @escaping @Sendable (AnyHashableSendable) async -> Void,
    droppedUpdates: @escaping @Sendable (AnyHashableSendable) -> Int = { _ in 0 }
  ) {
    self.startOrientationUpdates = startOrientationUpdates
    self.stopOrientationUpdates = stopOrientationUpdates
    self.startLightUpdates = startLightUpdates
    self.stopLightUpdates = stopLightUpdates
    self.startProximityUpdates = startProximityUpdates
    self.stopProximityUpdates = stopProximityUpdates
    self.startCompassUpdates = startCompassUpdates
    self.stopCompassUpdates = stopCompassUpdates
    self.destroy = destroy
    self.droppedUpdates = droppedUpdates
  }
}
