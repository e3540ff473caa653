#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// JSON number grammar and conversion to `Double`.
///
/// gpsd's numbers have at most about 12 significant digits, so nearly all take the exact fast path
/// (an integer mantissa of ≤ 2⁵³ scaled by an exactly representable power of ten, which IEEE division
/// and multiplication round correctly). Anything else goes through `strtod`, which is correctly rounded.
enum NumberParser {
  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// Up to 19 significant digits as an integer, and the power of ten that scales them.
  private struct Accumulator {
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0

    @inline(__always)
    mutating func add(_ digit: UInt8, fractional: Bool) {
      if digits < 19 {
        mantissa = mantissa &* 10 &+ UInt64(digit)
        if mantissa != 0 { digits += 1 }
        if fractional { exponent -= 1 }
      } else {
        // Digits beyond 19 only matter to the slow path, which rereads the text.
        digits += 1
        if !fractional { exponent += 1 }
      }
    }
  }

  static func parse(
    base: UnsafePointer<UInt8>, count: Int, position: inout Int
  ) throws(GPSDDecodingError) -> Double {
    let start = position
    var index = position
    let negative = index < count && base[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    var number = Accumulator()
    try integerPart(base, count, &index, &number)
    if index < count, base[index] == UInt8(ascii: ".") {
      index += 1
      let fractionStart = index
      while index < count, (base[index] &- 0x30) < 10 {
        number.add(base[index] &- 0x30, fractional: true)
        index += 1
      }
      try requireDigits(since: fractionStart, at: index, count, "expected a digit after '.'")
    }
    if index < count, base[index] | 0x20 == UInt8(ascii: "e") {
      number.exponent += try exponentPart(base, count, &index)
    }
    position = index
    let exponent = number.exponent
    if number.digits <= 15, number.mantissa < (1 << 53), exponent >= -22, exponent <= 22 {
      var value = Double(number.mantissa)
      value = exponent < 0 ? value / powersOfTen[-exponent] : value * powersOfTen[exponent]
      return negative ? -value : value
    }
    return slowPath(base: base + start, count: index - start)
  }

  @inline(__always)
  private static func integerPart(
    _ base: UnsafePointer<UInt8>, _ count: Int, _ index: inout Int, _ number: inout Accumulator
  ) throws(GPSDDecodingError) {
    guard index < count else { throw .truncated(offset: index) }
    if base[index] == UInt8(ascii: "0") {
      index += 1
      return
    }
    guard (base[index] &- 0x30) < 10 else {
      throw .malformedJSON(offset: index, reason: "expected a digit")
    }
    while index < count, (base[index] &- 0x30) < 10 {
      number.add(base[index] &- 0x30, fractional: false)
      index += 1
    }
  }

  @inline(__always)
  private static func exponentPart(
    _ base: UnsafePointer<UInt8>, _ count: Int, _ index: inout Int
  ) throws(GPSDDecodingError) -> Int {
    index += 1
    var negative = false
    if index < count, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") {
      negative = base[index] == UInt8(ascii: "-")
      index += 1
    }
    let digitsStart = index
    var written = 0
    while index < count, (base[index] &- 0x30) < 10 {
      // Saturate: 1e999999999 must not overflow Int; it becomes infinity and is refused later.
      if written < 100_000 { written = written * 10 + Int(base[index] &- 0x30) }
      index += 1
    }
    try requireDigits(since: digitsStart, at: index, count, "expected a digit in the exponent")
    return negative ? -written : written
  }

  @inline(__always)
  private static func requireDigits(
    since start: Int, at index: Int, _ count: Int, _ reason: String
  ) throws(GPSDDecodingError) {
    guard index == start else { return }
    throw index < count ? .malformedJSON(offset: index, reason: reason) : .truncated(offset: index)
  }

  /// Correctly rounded conversion of an already validated number through the C library.
  private static func slowPath(base: UnsafePointer<UInt8>, count: Int) -> Double {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) { buffer in
      guard let pointer = buffer.baseAddress else { return .nan }
      for index in 0..<count { pointer[index] = CChar(bitPattern: base[index]) }
      pointer[count] = 0
      return strtod(pointer, nil)
    }
  }
}
