/// A `DEVICE` object: one receiver gpsd knows, alone or inside a `DEVICES` list.
///
/// When a device goes away (unplugged, or a replay ends) gpsd sends `"activated":0`;
/// ``isDeactivated`` is then `true`.
public struct DeviceReport: Sendable, Hashable {
  /// Device path, e.g. `/dev/ttyUSB0`.
  public var path: String?
  /// When the device was activated, UTC; `nil` when gpsd did not say or the device was deactivated.
  public var activated: GPSDTimestamp?
  /// `true` when gpsd reported `"activated":0`: the device is gone.
  public var isDeactivated: Bool
  /// Bit set of packet types seen (1 GPS, 2 RTCM2, 4 RTCM3, 8 AIS).
  public var flags: Int?
  /// Name of the driver gpsd chose, e.g. `NMEA0183`.
  public var driver: String?
  /// Version information from the driver.
  public var subtype: String?
  /// More version information from the driver.
  public var subtype1: String?
  /// Line speed, bits per second.
  public var bps: Int?
  /// Parity: `N`, `O` or `E`.
  public var parity: String?
  /// Stop bits, `1` or `2`.
  public var stopbits: Int?
  /// `0` in NMEA mode, `1` in the receiver's binary mode.
  public var native: Int?
  /// Seconds between fixes.
  public var cycle: Double?
  /// Smallest cycle the device supports, seconds.
  public var mincycle: Double?

  /// Creates a device description with every member absent.
  public init(path: String? = nil) {
    self.path = path
    self.isDeactivated = false
  }
}
