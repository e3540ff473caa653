/// A vehicle-attitude report (`"class":"ATT"`) from a digital compass, gyro or IMU attached to gpsd.
///
/// Angles are in degrees; the `…_st` members are one-letter status codes (gpsd_json(5): `C` calibration,
/// `L`/`M` low alarm/warning, `N` normal, `O`/`P` high warning/alarm, `V` voltage).
public struct ATTReport: Sendable, Hashable {
  /// Path of the reporting device.
  public var device: String?
  /// Time of the measurement, UTC.
  public var time: GPSDTimestamp?
  /// Heading, degrees from true north.
  public var heading: Double?
  /// Magnetometer status code.
  public var magSt: String?
  /// Pitch, degrees.
  public var pitch: Double?
  /// Pitch sensor status code.
  public var pitchSt: String?
  /// Yaw, degrees.
  public var yaw: Double?
  /// Yaw sensor status code.
  public var yawSt: String?
  /// Roll, degrees.
  public var roll: Double?
  /// Roll sensor status code.
  public var rollSt: String?
  /// Local magnetic inclination, degrees.
  public var dip: Double?
  /// Magnitude of the magnetic field, in the device's units.
  public var magLen: Double?
  /// Magnetic field, X axis (device units).
  public var magX: Double?
  /// Magnetic field, Y axis (device units).
  public var magY: Double?
  /// Magnetic field, Z axis (device units).
  public var magZ: Double?
  /// Magnitude of the acceleration, in the device's units.
  public var accLen: Double?
  /// Acceleration, X axis (device units).
  public var accX: Double?
  /// Acceleration, Y axis (device units).
  public var accY: Double?
  /// Acceleration, Z axis (device units).
  public var accZ: Double?
  /// Rotation rate, X axis (device units).
  public var gyroX: Double?
  /// Rotation rate, Y axis (device units).
  public var gyroY: Double?
  /// Water depth, metres.
  public var depth: Double?
  /// Water temperature, degrees Celsius.
  public var temp: Double?

  /// Creates a report with every member absent.
  public init() {}
}
