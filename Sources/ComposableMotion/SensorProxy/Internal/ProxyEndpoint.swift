/// Where one sensor of iio-sensor-proxy lives on the bus and how it is claimed: the part of a
/// ``ProxySensor`` that does not depend on its value type, so the reading loop
/// (``ProxyReading``) is compiled once for every sensor rather than once per value type.
struct ProxyEndpoint: Sendable {
  /// The proxy's well-known bus name.
  static let service = "net.hadess.SensorProxy"

  /// For messages: "accelerometer", "light sensor"…
  let name: String
  let path: String
  let interface: String
  let claim: String
  let release: String
  /// The boolean property saying the device has the sensor.
  let has: String
}
