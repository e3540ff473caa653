import SensorsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension WorldMagneticModel {
  /// A calendar date (proleptic Gregorian, UTC) as a decimal year, the way NOAA's software
  /// counts it (`MAG_DateToYear`): the year plus the days before this one over the days in the
  /// year, so 1 January is `year.0` and 2 July 2025 is 2025.4986.
  ///
  /// - Throws: ``GeomagneticError/invalidDate(year:month:day:)`` for a date that does not exist.
  public static func decimalYear(year: Int, month: Int, day: Int) throws(GeomagneticError)
    -> Double
  {
    try CalendarDay(year: year, month: month, day: day).decimalYear
  }

  /// A moment as a decimal year: the year plus the seconds elapsed in it over the seconds in the
  /// year (agrees with ``decimalYear(year:month:day:)`` at midnight UTC). A moment the C library
  /// cannot place in a calendar (non-finite, or beyond its `time_t`) gives NaN, which every model
  /// call rejects with ``GeomagneticError/dateOutsideModel(decimalYear:model:validFrom:validUntil:)``.
  public static func decimalYear(_ time: Timestamp) -> Double {
    let seconds = time.timeIntervalSince1970
    guard seconds.isFinite, abs(seconds) < 1e15 else { return .nan }
    let whole = seconds.rounded(.down)
    var clock = time_t(whole)
    var parts = tm()
    guard gmtime_r(&clock, &parts) != nil else { return .nan }
    let year = Int(parts.tm_year) + 1900
    let elapsed =
      Double(parts.tm_yday) * 86_400 + Double(parts.tm_hour) * 3_600 + Double(parts.tm_min) * 60
      + Double(parts.tm_sec) + (seconds - whole)
    return Double(year) + elapsed / (Double(daysIn(year)) * 86_400)
  }

  /// The days of `year` before `month`/`day` (0 for 1 January), or nil for a day that does not
  /// exist.
  static func dayOfYear(year: Int, month: Int, day: Int) -> Int? {
    let leap = isLeap(year)
    let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard (1...12).contains(month), day >= 1, day <= lengths[month - 1] else { return nil }
    return lengths.prefix(month - 1).reduce(0, +) + day - 1
  }

  /// 366 in a leap year, else 365.
  static func daysIn(_ year: Int) -> Int { isLeap(year) ? 366 : 365 }

  private static func isLeap(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }
}
