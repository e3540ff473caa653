/// Something a live ``SensorProxyClient`` did on its own that an app may want to show or log;
/// delivered to the `onEvent` handler of ``SensorProxyClient/live(bus:bufferLimit:onEvent:)``. `sensor`
/// names the claimed sensor as ``SensorProxyError`` does ("accelerometer", "compass"…).
public enum SensorProxyEvent: Hashable, Sendable, CustomStringConvertible {
  /// iio-sensor-proxy left the bus while `sensor` was read (it exited, crashed or was
  /// restarted), and its claim went with it. The stream stays open and waits for the proxy.
  case proxyLeft(sensor: String)
  /// The proxy is back on the bus, `sensor` is claimed again, and its current value has been
  /// handed to the stream, which goes on.
  case reclaimed(sensor: String)

  /// One line for a log or a status bar.
  public var description: String {
    switch self {
    case .proxyLeft(let sensor):
      "iio-sensor-proxy left the bus; waiting for it to claim the \(sensor) again"
    case .reclaimed(let sensor):
      "iio-sensor-proxy is back; the \(sensor) is claimed again"
    }
  }
}
