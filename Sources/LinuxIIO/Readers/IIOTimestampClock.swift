/// The clock the kernel stamps buffered scans with, as `current_timestamp_clock` names it.
public struct IIOTimestampClock: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The kernel's spelling, for example `boottime`.
  public var rawValue: String

  /// Creates a clock from the kernel's spelling.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Wall-clock time since 1970 (the kernel's default for IIO).
  public static let realtime = IIOTimestampClock(rawValue: "realtime")
  /// Monotonic time since boot, not counting suspend.
  public static let monotonic = IIOTimestampClock(rawValue: "monotonic")
  /// Monotonic time without NTP slewing.
  public static let monotonicRaw = IIOTimestampClock(rawValue: "monotonic_raw")
  /// Coarse wall-clock time.
  public static let realtimeCoarse = IIOTimestampClock(rawValue: "realtime_coarse")
  /// Coarse monotonic time.
  public static let monotonicCoarse = IIOTimestampClock(rawValue: "monotonic_coarse")
  /// Time since boot including suspend: Core Motion's "seconds since boot".
  public static let boottime = IIOTimestampClock(rawValue: "boottime")
  /// International atomic time.
  public static let tai = IIOTimestampClock(rawValue: "tai")

  /// The kernel spelling.
  public var description: String { rawValue }
}
