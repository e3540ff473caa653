import DBus

/// What can go wrong reading iio-sensor-proxy: values a reducer can switch on, each with a
/// ``description`` a person can act on.
public enum SensorProxyError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The proxy cannot be reached: no system bus, no iio-sensor-proxy on it, or it left the bus
  /// (`cause` says which).
  case unavailable(DBusError)
  /// The proxy runs but the device has no such sensor (`Has…` is false); `sensor` names it.
  case sensorMissing(sensor: String)
  /// The proxy refused the claim (`Claim…` answered an error, e.g. polkit's refusal).
  case claimRefused(sensor: String, cause: DBusError)
  /// An endpoint of an unimplemented test client was called.
  case unimplemented(endpoint: String)

  /// What went wrong and what to do, for a person.
  public var description: String {
    switch self {
    case .unavailable(let cause):
      "iio-sensor-proxy is unavailable (\(cause)). Install and start iio-sensor-proxy, or point "
        + "DBUS_SYSTEM_BUS_ADDRESS at the bus it runs on."
    case .sensorMissing(let sensor):
      "iio-sensor-proxy reports no \(sensor) on this device."
    case .claimRefused(let sensor, let cause):
      "iio-sensor-proxy refused to share the \(sensor) (\(cause)). Check its polkit policy "
        + "(net.hadess.SensorProxy.claim-sensor)."
    case .unimplemented(let endpoint):
      "Unimplemented: SensorProxyClient.\(endpoint)"
    }
  }
}
