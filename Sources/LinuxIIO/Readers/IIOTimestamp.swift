/// When a sample was taken: nanoseconds on a named clock.
///
/// Buffered samples carry the kernel's own timestamp (on the device's
/// ``IIODevice/timestampClock``); polled samples are stamped on `boottime` when read.
public struct IIOTimestamp: Hashable, Sendable, Comparable {
  /// Nanoseconds since the clock's epoch.
  public var nanoseconds: Int64
  /// The clock the value counts on.
  public var clock: IIOTimestampClock

  /// Creates a timestamp.
  public init(nanoseconds: Int64, clock: IIOTimestampClock) {
    self.nanoseconds = nanoseconds
    self.clock = clock
  }

  /// The timestamp in seconds.
  public var seconds: Double { Double(nanoseconds) / 1e9 }

  /// Orders timestamps by nanoseconds (only meaningful on the same clock).
  public static func < (lhs: IIOTimestamp, rhs: IIOTimestamp) -> Bool {
    lhs.nanoseconds < rhs.nanoseconds
  }
}
