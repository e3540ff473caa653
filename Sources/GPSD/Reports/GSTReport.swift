/// A pseudorange noise report (`"class":"GST"`): error statistics of the fix, one sigma.
public struct GSTReport: Sendable, Hashable {
  /// Path of the reporting device.
  public var device: String?
  /// Time of the statistics, UTC.
  public var time: GPSDTimestamp?
  /// RMS of the standard deviation of the range inputs, metres.
  public var rms: Double?
  /// Semi-major axis of the error ellipse, metres.
  public var major: Double?
  /// Semi-minor axis of the error ellipse, metres.
  public var minor: Double?
  /// Orientation of the semi-major axis, degrees from true north.
  public var orient: Double?
  /// Latitude error, metres (one sigma).
  public var lat: Double?
  /// Longitude error, metres (one sigma).
  public var lon: Double?
  /// Altitude error, metres (one sigma).
  public var alt: Double?
  /// East velocity error, metres per second.
  public var ve: Double?
  /// North velocity error, metres per second.
  public var vn: Double?
  /// Up velocity error, metres per second.
  public var vu: Double?

  /// Creates a report with every member absent.
  public init() {}
}
