import DBus

extension SensorProxyClient {
  /// A client reading iio-sensor-proxy on the system bus (`DBUS_SYSTEM_BUS_ADDRESS` where set),
  /// or on `bus`.
  ///
  /// Each started stream has its own bus connection, so the proxy sees one claim per stream and
  /// drops it by itself if the process dies. A stream fails with
  /// ``SensorProxyError/unavailable(_:)`` when the proxy is not on the bus or leaves it,
  /// ``SensorProxyError/sensorMissing(sensor:)`` when the device lacks the sensor, and
  /// ``SensorProxyError/claimRefused(sensor:cause:)`` when the claim is refused.
  public static func live(bus: DBusAddress? = nil) -> SensorProxyClient {
    let claims = ProxyClaims(bus: bus)
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
