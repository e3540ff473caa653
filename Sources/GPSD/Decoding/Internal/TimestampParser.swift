/// Parses gpsd's ISO 8601 UTC timestamps (`YYYY-MM-DDTHH:MM:SS[.fraction]Z`) without allocating.
enum TimestampParser {
  static func parse(base: UnsafePointer<UInt8>, count: Int) -> GPSDTimestamp? {
    guard count >= 20 else { return nil }
    func digits(_ start: Int, _ length: Int) -> Int64? {
      var value: Int64 = 0
      for index in start..<(start + length) {
        let digit = base[index] &- 0x30
        guard digit < 10 else { return nil }
        value = value * 10 + Int64(digit)
      }
      return value
    }
    guard base[4] == UInt8(ascii: "-"), base[7] == UInt8(ascii: "-"), base[10] == UInt8(ascii: "T"),
      base[13] == UInt8(ascii: ":"), base[16] == UInt8(ascii: ":"),
      let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2),
      let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
    else { return nil }
    var index = 19
    var nanoseconds: Int64 = 0
    if base[index] == UInt8(ascii: ".") {
      index += 1
      var scale: Int64 = 100_000_000
      let fractionStart = index
      while index < count, (base[index] &- 0x30) < 10 {
        nanoseconds += Int64(base[index] &- 0x30) * scale
        scale /= 10
        index += 1
      }
      guard index > fractionStart else { return nil }
    }
    guard index == count - 1, base[index] == UInt8(ascii: "Z") else { return nil }
    let days = GPSDTimestamp.days(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second
    return GPSDTimestamp(seconds: seconds, nanoseconds: Int32(nanoseconds))
  }

  /// gpsd before protocol 3.10 sent times as seconds since the epoch; accept that form too.
  /// A double holds such a time to about 0.2 µs, so the fraction is rounded to whole microseconds.
  static func fromEpochSeconds(_ value: Double) -> GPSDTimestamp? {
    guard value.isFinite, abs(value) < 1e15 else { return nil }
    let whole = value.rounded(.down)
    let microseconds = ((value - whole) * 1e6).rounded()
    return microseconds >= 1e6
      ? GPSDTimestamp(seconds: Int64(whole) + 1, nanoseconds: 0)
      : GPSDTimestamp(seconds: Int64(whole), nanoseconds: Int32(microseconds) * 1000)
  }
}
