/// A `PPS` report: a pulse-per-second edge and the system clock at that edge.
public struct PPSReport: Sendable, Hashable {
  /// Path of the reporting device.
  public var device: String?
  /// Time of the pulse (the whole second it marks), seconds since the Unix epoch.
  public var realSec: Int64?
  /// Time of the pulse, nanoseconds part (normally 0).
  public var realNsec: Int64?
  /// System clock at the pulse, whole seconds since the Unix epoch.
  public var clockSec: Int64?
  /// System clock at the pulse, nanoseconds part.
  public var clockNsec: Int64?
  /// NTP-style precision of the pulse, log2 seconds.
  public var precision: Int?
  /// Quantization error of the pulse, picoseconds, when the receiver reports it.
  public var qErr: Int64?

  /// Creates a report with every member absent.
  public init() {}
}
