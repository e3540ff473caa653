import DBus
import SensorsCore

/// Turns a GeoClue `Location` object's properties into a ``Location``.
///
/// GeoClue marks unknown values rather than omitting them: `Altitude` is −DBL_MAX, `Speed` and
/// `Heading` are −1. Those become nil here, as gpsd's absent values do. `Accuracy` is a radius
/// in metres; `Timestamp` is `(tt)`, seconds and microseconds since 1970.
enum GeoClueLocation {
  static func location(from properties: [String: DBusValue]) -> Location? {
    guard let latitude = properties["Latitude"]?.doubleValue,
      let longitude = properties["Longitude"]?.doubleValue, latitude.isFinite, longitude.isFinite
    else { return nil }
    let coordinate = Coordinate(latitude: latitude, longitude: longitude)
    guard coordinate.isValid else { return nil }
    let altitude = properties["Altitude"]?.doubleValue.flatMap {
      $0 > -1e300 && $0.isFinite ? $0 : nil
    }
    return Location(
      coordinate: coordinate,
      altitude: altitude,
      horizontalAccuracy: known(properties["Accuracy"]),
      speed: known(properties["Speed"]),
      course: known(properties["Heading"]),
      timestamp: timestamp(properties["Timestamp"]),
      fix: altitude == nil ? .twoDimensional : .threeDimensional,
      device: "geoclue")
  }

  /// A non-negative finite number; GeoClue's −1 (unknown) and anything non-finite become nil.
  private static func known(_ value: DBusValue?) -> Double? {
    guard let number = value?.doubleValue, number.isFinite, number >= 0 else { return nil }
    return number
  }

  private static func timestamp(_ value: DBusValue?) -> Timestamp? {
    guard case .structure(let fields)? = value?.unwrapped, fields.count == 2,
      case .uint64(let seconds) = fields[0], case .uint64(let microseconds) = fields[1],
      seconds > 0
    else { return nil }
    return Timestamp(timeIntervalSince1970: Double(seconds) + Double(microseconds) / 1_000_000)
  }
}
