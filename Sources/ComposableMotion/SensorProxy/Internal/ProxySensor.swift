import DBus

/// One sensor iio-sensor-proxy shares: where it lives on the bus, how it is claimed, and how its
/// properties become a value.
struct ProxySensor<Value: Sendable>: Sendable {
  /// Where the sensor lives on the bus and how it is claimed.
  let endpoint: ProxyEndpoint
  /// The value from the properties known so far; nil when they hold no reading.
  let decode: @Sendable ([String: DBusValue]) -> Value?

  /// For messages: "accelerometer", "light sensor"…
  var name: String { endpoint.name }

  init(
    name: String, path: String, interface: String, claim: String, release: String, has: String,
    decode: @escaping @Sendable ([String: DBusValue]) -> Value?
  ) {
    endpoint = ProxyEndpoint(
      name: name, path: path, interface: interface, claim: claim, release: release, has: has)
    self.decode = decode
  }
}

extension ProxySensor<ScreenOrientation> {
  static let orientation = ProxySensor(
    name: "accelerometer", path: "/net/hadess/SensorProxy", interface: "net.hadess.SensorProxy",
    claim: "ClaimAccelerometer", release: "ReleaseAccelerometer", has: "HasAccelerometer",
    decode: { properties in
      properties["AccelerometerOrientation"]?.stringValue.flatMap(ScreenOrientation.init(rawValue:))
    })
}

extension ProxySensor<AmbientLight> {
  static let light = ProxySensor(
    name: "ambient light sensor", path: "/net/hadess/SensorProxy",
    interface: "net.hadess.SensorProxy", claim: "ClaimLight", release: "ReleaseLight",
    has: "HasAmbientLight",
    decode: { properties in
      guard let level = properties["LightLevel"]?.doubleValue, level.isFinite,
        let unit = properties["LightLevelUnit"]?.stringValue.flatMap(AmbientLight.Unit.init)
      else { return nil }
      return AmbientLight(level: level, unit: unit)
    })
}

extension ProxySensor<Bool> {
  static let proximity = ProxySensor(
    name: "proximity sensor", path: "/net/hadess/SensorProxy", interface: "net.hadess.SensorProxy",
    claim: "ClaimProximity", release: "ReleaseProximity", has: "HasProximity",
    decode: { $0["ProximityNear"]?.boolValue })
}

extension ProxySensor<Double> {
  static let compass = ProxySensor(
    name: "compass", path: "/net/hadess/SensorProxy/Compass",
    interface: "net.hadess.SensorProxy.Compass", claim: "ClaimCompass", release: "ReleaseCompass",
    has: "HasCompass",
    decode: { properties in
      // The proxy says −1 until it has a heading.
      guard let heading = properties["CompassHeading"]?.doubleValue, heading.isFinite,
        heading >= 0
      else { return nil }
      return heading
    })
}
