/// A `TOFF` report: when the receiver's time of the last fix was seen on the system clock.
///
/// `real` is the receiver's (GPS) time, `clock` the system clock when the message arrived; both are
/// split into seconds and nanoseconds exactly as gpsd sends them.
public struct TimeOffsetReport: Sendable, Hashable {
  /// Path of the reporting device.
  public var device: String?
  /// Receiver time, whole seconds since the Unix epoch.
  public var realSec: Int64?
  /// Receiver time, nanoseconds part.
  public var realNsec: Int64?
  /// System clock, whole seconds since the Unix epoch.
  public var clockSec: Int64?
  /// System clock, nanoseconds part.
  public var clockNsec: Int64?
  /// NTP-style precision of the time source, log2 seconds.
  public var precision: Int?

  /// Creates a report with every member absent.
  public init() {}
}
