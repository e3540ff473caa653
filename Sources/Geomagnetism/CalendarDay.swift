/// A day of the proleptic Gregorian calendar (UTC): the form in which people give the World
/// Magnetic Model a date (`--date 2026-03-20`).
///
/// A value always names a day that exists; ``decimalYear`` is its midnight as NOAA counts years.
public struct CalendarDay: Sendable, Hashable, CustomStringConvertible {
  /// The year (0...9999 when parsed from text).
  public let year: Int
  /// The month, 1...12.
  public let month: Int
  /// The day of the month, 1...31 (as many as the month has).
  public let day: Int

  /// The day `year`-`month`-`day`.
  ///
  /// - Throws: ``GeomagneticError/invalidDate(year:month:day:)`` for a day that does not exist
  ///   (month 13, 29 February of a common year…).
  public init(year: Int, month: Int, day: Int) throws(GeomagneticError) {
    guard WorldMagneticModel.dayOfYear(year: year, month: month, day: day) != nil else {
      throw .invalidDate(year: year, month: month, day: day)
    }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The day that `text` names as ISO 8601's calendar date, `YYYY-MM-DD`: exactly four, two and
  /// two ASCII digits, separated by hyphens.
  ///
  /// - Throws: ``GeomagneticError/malformedDay(_:)`` for text of another shape (`2025-4-2`,
  ///   `2025/04/02`, a time of day), ``GeomagneticError/invalidDate(year:month:day:)`` for a day
  ///   that does not exist (`2025-02-29`).
  public init(_ text: String) throws(GeomagneticError) {
    let bytes = Array(text.utf8)
    let hyphen = UInt8(ascii: "-")
    guard bytes.count == 10, bytes[4] == hyphen, bytes[7] == hyphen,
      let year = Self.number(bytes[0..<4]), let month = Self.number(bytes[5..<7]),
      let day = Self.number(bytes[8..<10])
    else { throw .malformedDay(text) }
    try self.init(year: year, month: month, day: day)
  }

  /// Midnight (UTC) of this day as a decimal year, as
  /// ``WorldMagneticModel/decimalYear(year:month:day:)`` counts it: 2 July 2025 is 2025.4986.
  public var decimalYear: Double {
    let before = WorldMagneticModel.dayOfYear(year: year, month: month, day: day) ?? 0
    return Double(year) + Double(before) / Double(WorldMagneticModel.daysIn(year))
  }

  /// The day as `YYYY-MM-DD` (years before 1000 with leading zeros).
  public var description: String {
    func padded(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
  }

  /// The decimal number the ASCII digits spell, or nil if any byte is not a digit.
  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    var value = 0
    for byte in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }
}
