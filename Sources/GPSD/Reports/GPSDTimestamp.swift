import SensorsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A UTC instant as gpsd reports it: whole seconds since 1970-01-01T00:00:00Z plus nanoseconds.
///
/// gpsd sends ISO 8601 strings such as `"2020-03-18T13:28:19.600Z"`. Keeping the instant as two integers
/// keeps decoding allocation-free and exact; ``timestamp`` converts to the clients' `Timestamp`.
///
/// Replayed logs are often shifted by whole GPS week rollovers (1024 weeks), so never compare a replayed
/// timestamp with the wall clock.
public struct GPSDTimestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Whole seconds since the Unix epoch (UTC, no leap seconds).
  public var seconds: Int64
  /// Nanoseconds past ``seconds``, in `0..<1_000_000_000`.
  public var nanoseconds: Int32

  /// Creates a timestamp from seconds since the Unix epoch and a nanosecond remainder in `0..<1_000_000_000`.
  public init(seconds: Int64, nanoseconds: Int32 = 0) {
    self.seconds = seconds
    self.nanoseconds = nanoseconds
  }

  /// Seconds since the Unix epoch, as a floating-point number (sub-microsecond precision is lost).
  public var timeIntervalSince1970: Double {
    Double(seconds) + Double(nanoseconds) / 1e9
  }

  /// The same instant as a `Timestamp` (SensorsCore; sub-microsecond precision is lost).
  public var timestamp: Timestamp { Timestamp(timeIntervalSince1970: timeIntervalSince1970) }

  /// Whether `lhs` is earlier than `rhs`.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
  }

  /// ISO 8601 in UTC with milliseconds, the form gpsd itself prints (e.g. `2020-03-18T13:28:19.600Z`).
  public var description: String {
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    let (year, month, day) = Self.civil(fromDays: days)
    let millis = Int(nanoseconds) / 1_000_000
    func pad(_ value: Int64, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):"
      + "\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2)).\(pad(Int64(millis), 3))Z"
  }

  // Howard Hinnant's days-from-civil algorithm, proleptic Gregorian calendar.
  static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
