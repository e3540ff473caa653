import DBus

extension SensorProxyClient {
  /// A client reading iio-sensor-proxy on the system bus (`DBUS_SYSTEM_BUS_ADDRESS` where set),
  /// or on `bus`.
  ///
  /// Each started stream has its own bus connection, so the proxy sees one claim per stream and
  /// drops it by itself if the process dies. When the proxy leaves the bus (it exited or was
  /// restarted), the streams stay open: `onEvent` hears ``SensorProxyEvent/proxyLeft(sensor:)``,
  /// and once the proxy is back each sensor is claimed again
  /// (``SensorProxyEvent/reclaimed(sensor:)``) and its current value delivered. A stream fails
  /// with ``SensorProxyError/unavailable(_:)`` when the proxy is not on the bus when it starts
  /// or the bus connection ends, ``SensorProxyError/sensorMissing(sensor:)`` when the device
  /// lacks the sensor, and ``SensorProxyError/claimRefused(sensor:cause:)`` when the claim is
  /// refused (by the bus's policy or the proxy's polkit check).
  ///
  /// - Parameters:
  ///   - bus: the bus the proxy runs on; nil for the system bus.
  ///   - bufferLimit: how many values each stream keeps for a slow consumer (at least 1); the
  ///     oldest beyond are dropped and counted in ``droppedUpdates``.
  ///   - onEvent: hears what the client does on its own (called on the reading task; keep it
  ///     short).
  public static func live(
    bus: DBusAddress? = nil, bufferLimit: Int = 64,
    onEvent: @escaping @Sendable (SensorProxyEvent) -> Void = { _ in }
  ) -> SensorProxyClient {
    let claims = ProxyClaims(bus: bus, bufferLimit: bufferLimit, onEvent: onEvent)
    return SensorProxyClient(
      startOrientationUpdates: { claims.start(.orientation, id: $0) },
      stopOrientationUpdates: { await claims.stop(ProxySensor.orientation.name, id: $0) },
      startLightUpdates: { claims.start(.light, id: $0) },
      stopLightUpdates: { await claims.stop(ProxySensor.light.name, id: $0) },
      startProximityUpdates: { claims.start(.proximity, id: $0) },
      stopProximityUpdates: { await claims.stop(ProxySensor.proximity.name, id: $0) },
      startCompassUpdates: { claims.start(.compass, id: $0) },
      stopCompassUpdates: { await claims.stop(ProxySensor.compass.name, id: $0) },
      destroy: { await claims.destroy($0) },
      droppedUpdates: { claims.dropped($0) })
  }
}
