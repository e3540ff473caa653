/// The physical quantity an IIO channel measures: the `<type>` part of `in_<type>_x_raw`.
///
/// The names and units are the kernel's (Documentation/ABI/testing/sysfs-bus-iio). Values read
/// through this library are in those units after `(raw + offset) × scale`; ``unit`` names them.
public struct IIOChannelType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The kernel's spelling, for example `accel`.
  public var rawValue: String

  /// Creates a channel type from its kernel spelling.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Linear acceleration, m/s². The kernel's sign convention: at rest, face up, z ≈ +9.81.
  public static let accel = IIOChannelType(rawValue: "accel")
  /// Angular velocity, rad/s.
  public static let anglvel = IIOChannelType(rawValue: "anglvel")
  /// Magnetic field, gauss (1 gauss = 100 µT).
  public static let magn = IIOChannelType(rawValue: "magn")
  /// Pressure, kPa.
  public static let pressure = IIOChannelType(rawValue: "pressure")
  /// Illuminance, lux.
  public static let illuminance = IIOChannelType(rawValue: "illuminance")
  /// Light intensity, unitless (device specific).
  public static let intensity = IIOChannelType(rawValue: "intensity")
  /// Temperature, milli degrees Celsius.
  public static let temp = IIOChannelType(rawValue: "temp")
  /// Rotation, usually as a unit quaternion (modifier `quaternion`, four values w, x, y, z).
  public static let rot = IIOChannelType(rawValue: "rot")
  /// Gravity vector, m/s².
  public static let gravity = IIOChannelType(rawValue: "gravity")
  /// Inclination, degrees.
  public static let incli = IIOChannelType(rawValue: "incli")
  /// Angle, radians.
  public static let angl = IIOChannelType(rawValue: "angl")
  /// Angle integrated over the sample period, radians.
  public static let deltaangl = IIOChannelType(rawValue: "deltaangl")
  /// Velocity change integrated over the sample period, m/s.
  public static let deltavelocity = IIOChannelType(rawValue: "deltavelocity")
  /// Proximity, unitless (device specific).
  public static let proximity = IIOChannelType(rawValue: "proximity")
  /// Relative humidity, milli percent.
  public static let humidityrelative = IIOChannelType(rawValue: "humidityrelative")
  /// Voltage, millivolts.
  public static let voltage = IIOChannelType(rawValue: "voltage")
  /// Current, milliamps.
  public static let current = IIOChannelType(rawValue: "current")
  /// The kernel timestamp of a buffered scan, nanoseconds on the device's timestamp clock.
  public static let timestamp = IIOChannelType(rawValue: "timestamp")

  /// The unit values of this type have after conversion, as the kernel ABI defines it.
  public var unit: String {
    switch rawValue {
    case "accel", "gravity": return "m/s²"
    case "anglvel": return "rad/s"
    case "magn": return "gauss"
    case "pressure": return "kPa"
    case "illuminance": return "lux"
    case "temp": return "m°C"
    case "rot": return "quaternion"
    case "incli": return "degrees"
    case "angl", "deltaangl": return "rad"
    case "deltavelocity", "velocity": return "m/s"
    case "humidityrelative": return "m%"
    case "voltage", "altvoltage": return "mV"
    case "current": return "mA"
    case "timestamp": return "ns"
    case "distance": return "m"
    case "power": return "mW"
    case "energy": return "J"
    default: return "device specific"
    }
  }

  /// The kernel spelling.
  public var description: String { rawValue }
}
