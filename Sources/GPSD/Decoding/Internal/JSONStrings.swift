/// String validation and materialisation for ``JSONScanner``.
enum JSONStrings {
  /// Validates the escape at `index` (a backslash) and returns the index after it.
  static func validateEscape(
    base: UnsafePointer<UInt8>, count: Int, at index: Int
  ) throws(GPSDDecodingError) -> Int {
    guard index + 1 < count else { throw .truncated(offset: count) }
    switch base[index + 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
      UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return index + 2
    case UInt8(ascii: "u"):
      guard index + 6 <= count else { throw .truncated(offset: count) }
      for offset in 2..<6 where hexValue(base[index + offset]) == nil {
        throw .invalidString(offset: index + offset, reason: "\\u needs four hex digits")
      }
      return index + 6
    default:
      throw .invalidString(
        offset: index + 1, reason: "unknown escape \\\(Character(Unicode.Scalar(base[index + 1])))")
    }
  }

  /// Validates one multi-byte UTF-8 sequence starting at `index` and returns the index after it.
  /// Rejects overlong forms, surrogates and code points above U+10FFFF.
  static func validateUTF8(
    base: UnsafePointer<UInt8>, count: Int, at index: Int
  ) throws(GPSDDecodingError) -> Int {
    let lead = base[index]
    let length: Int
    var lower: UInt8 = 0x80
    var upper: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      lower = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      upper = 0x9F
    case 0xF0:
      length = 4
      lower = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      upper = 0x8F
    default: throw .invalidString(offset: index, reason: "invalid UTF-8 lead byte \(lead)")
    }
    guard index + length <= count else { throw .truncated(offset: count) }
    let second = base[index + 1]
    guard second >= lower, second <= upper else {
      throw .invalidString(offset: index + 1, reason: "invalid UTF-8 continuation byte")
    }
    for offset in 2..<max(2, length) where base[index + offset] & 0xC0 != 0x80 {
      throw .invalidString(offset: index + offset, reason: "invalid UTF-8 continuation byte")
    }
    return index + length
  }

  static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte &- 0x30)
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte &- 0x57)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte &- 0x37)
    default: nil
    }
  }

  /// Builds a `String` from an already validated string body. Short ASCII strings (device paths)
  /// fit Swift's small-string form and do not allocate.
  static func makeString(base: UnsafePointer<UInt8>, count: Int, hasEscapes: Bool) -> String {
    let body = UnsafeBufferPointer(start: base, count: count)
    guard hasEscapes else { return String(decoding: body, as: UTF8.self) }
    var scalars = String.UnicodeScalarView()
    var index = 0
    var pendingHigh: UInt32?
    while index < count {
      let byte = body[index]
      guard byte == UInt8(ascii: "\\") else {
        // Copy one whole UTF-8 sequence (already validated by the scanner).
        let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
        let sequence = UnsafeBufferPointer(rebasing: body[index..<min(count, index + length)])
        if pendingHigh != nil { scalars.append("\u{FFFD}") }
        scalars.append(contentsOf: String(decoding: sequence, as: UTF8.self).unicodeScalars)
        pendingHigh = nil
        index += length
        continue
      }
      let escape = body[index + 1]
      index += 2
      guard escape == UInt8(ascii: "u") else {
        if pendingHigh != nil { scalars.append("\u{FFFD}") }
        scalars.append(Unicode.Scalar(simpleEscape(escape)))
        pendingHigh = nil
        continue
      }
      var code: UInt32 = 0
      for offset in 0..<4 { code = code << 4 | (hexValue(body[index + offset]) ?? 0) }
      index += 4
      // Surrogate pairs combine; a lone surrogate (high or low) becomes U+FFFD rather than
      // failing the report.
      if (0xDC00...0xDFFF).contains(code), let high = pendingHigh {
        let combined = 0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)
        scalars.append(Unicode.Scalar(combined) ?? "\u{FFFD}")
        pendingHigh = nil
        continue
      }
      if pendingHigh != nil { scalars.append("\u{FFFD}") }
      if (0xD800...0xDBFF).contains(code) {
        pendingHigh = code
      } else {
        scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
        pendingHigh = nil
      }
    }
    if pendingHigh != nil { scalars.append("\u{FFFD}") }
    return String(scalars)
  }

  private static func simpleEscape(_ byte: UInt8) -> UInt8 {
    switch byte {
    case UInt8(ascii: "b"): 0x08
    case UInt8(ascii: "f"): 0x0C
    case UInt8(ascii: "n"): 0x0A
    case UInt8(ascii: "r"): 0x0D
    case UInt8(ascii: "t"): 0x09
    default: byte
    }
  }
}
