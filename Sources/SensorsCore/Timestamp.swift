#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A moment in UTC, as seconds since 1970-01-01T00:00:00Z (Unix time): when a fix was taken, a
/// visit began or a heading was measured.
///
/// It stands in for Foundation's `Date` so that the library modules do not link Foundation (about
/// 12 MB in a static binary). Apps that use Foundation convert with `timestamp.date` and
/// `Timestamp(date)` from the ComposableSensorsFoundation module.
///
/// ```swift
/// let age = Timestamp.now().timeIntervalSince(location.timestamp ?? .now())  // seconds
/// ```
public struct Timestamp: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// Seconds since 1970-01-01T00:00:00Z, leap seconds not counted (as POSIX and gpsd count).
  public var timeIntervalSince1970: Double

  /// The moment `seconds` after 1970-01-01T00:00:00Z.
  public init(timeIntervalSince1970 seconds: Double) {
    self.timeIntervalSince1970 = seconds
  }

  /// The current time of the system's real-time clock.
  public static func now() -> Timestamp {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Timestamp(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
  }

  /// Seconds from `other` to this moment (negative when this one is earlier).
  public func timeIntervalSince(_ other: Timestamp) -> Double {
    timeIntervalSince1970 - other.timeIntervalSince1970
  }

  /// The moment `seconds` later (earlier when negative).
  public func addingTimeInterval(_ seconds: Double) -> Timestamp {
    Timestamp(timeIntervalSince1970: timeIntervalSince1970 + seconds)
  }

  /// The moment `seconds` after `time`.
  public static func + (time: Timestamp, seconds: Double) -> Timestamp {
    time.addingTimeInterval(seconds)
  }

  /// The moment `seconds` before `time`.
  public static func - (time: Timestamp, seconds: Double) -> Timestamp {
    time.addingTimeInterval(-seconds)
  }

  /// Whether `lhs` is earlier than `rhs`.
  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.timeIntervalSince1970 < rhs.timeIntervalSince1970
  }

  /// ISO 8601 in UTC with milliseconds, e.g. `2024-01-01T00:00:00.000Z`.
  public var description: String {
    let value = timeIntervalSince1970
    guard value.isFinite, abs(value) < 1e15 else { return "\(value) s since 1970" }
    var seconds = Int(value.rounded(.down))
    var milliseconds = Int(((value - Double(seconds)) * 1000).rounded())
    if milliseconds == 1000 {
      seconds += 1
      milliseconds = 0
    }
    var time = time_t(seconds)
    var parts = tm()
    guard gmtime_r(&time, &parts) != nil else { return "\(value) s since 1970" }
    func two(_ number: Int32) -> String { number < 10 ? "0\(number)" : "\(number)" }
    let millis =
      milliseconds < 10
      ? "00\(milliseconds)" : milliseconds < 100 ? "0\(milliseconds)" : "\(milliseconds)"
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
      + "T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(millis)Z"
  }

  /// Encodes as a single number: seconds since 1970.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(timeIntervalSince1970)
  }

  /// Decodes a single number: seconds since 1970.
  public init(from decoder: any Decoder) throws {
    timeIntervalSince1970 = try decoder.singleValueContainer().decode(Double.self)
  }
}
