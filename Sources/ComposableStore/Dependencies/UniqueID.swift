/// A 128-bit universally unique identifier (RFC 9562), what the `\.uuid` dependency makes.
///
/// It stands in for Foundation's `UUID` so that the library modules do not link Foundation;
/// the text form is the same (`uuidString`, upper case), and ComposableSensorsFoundation converts
/// with `UUID(uniqueID)` and `UniqueID(uuid)`.
public struct UniqueID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The first eight bytes, most significant first.
  public var high: UInt64
  /// The last eight bytes, most significant first.
  public var low: UInt64

  /// The identifier with the given 64-bit halves.
  public init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  /// The identifier whose last 64 bits are `value` (and the rest zero), as swift-dependencies'
  /// `UUID(0)`, `UUID(1)` test helpers: `UniqueID(1)` is `00000000-0000-0000-0000-000000000001`.
  public init(_ value: UInt64) {
    self.init(high: 0, low: value)
  }

  /// swift-dependencies' `UUID(_ intValue: Int)`: the magnitude of `value` in the last 64 bits,
  /// and 1 in the 64 before them for a negative value, so that every `Int` has its own:
  /// `UniqueID(-1)` is `00000000-0000-0001-0000-000000000001`.
  public init(_ value: Int) {
    self.init(high: value < 0 ? 1 : 0, low: UInt64(value.magnitude))
  }

  /// A random version 4 identifier from the system's random source.
  public static func random() -> UniqueID {
    var generator = SystemRandomNumberGenerator()
    let high = (generator.next() as UInt64) & ~0xF000 | 0x4000
    let low = (generator.next() as UInt64) & ~(0b11 << 62) | (0b10 << 62)
    return UniqueID(high: high, low: low)
  }

  /// Parses `8-4-4-4-12` hexadecimal digits, either case; `nil` for anything else.
  public init?(uuidString: String) {
    let groups = uuidString.utf8.split(
      separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
    guard groups.map(\.count) == [8, 4, 4, 4, 12] else { return nil }
    var high: UInt64 = 0
    var low: UInt64 = 0
    var index = 0
    for byte in groups.joined() {
      guard let digit = Self.hexValue(byte) else { return nil }
      if index < 16 { high = high << 4 | UInt64(digit) } else { low = low << 4 | UInt64(digit) }
      index += 1
    }
    self.init(high: high, low: low)
  }

  /// The canonical text, upper case as Foundation writes it:
  /// `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`.
  public var uuidString: String {
    let digits = Self.hex(high, count: 16) + Self.hex(low, count: 16)
    var text = ""
    for (index, digit) in digits.enumerated() {
      if [8, 12, 16, 20].contains(index) { text.append("-") }
      text.append(digit)
    }
    return text
  }

  /// The same as ``uuidString``.
  public var description: String { uuidString }

  /// Orders by the 128-bit value.
  public static func < (lhs: UniqueID, rhs: UniqueID) -> Bool {
    (lhs.high, lhs.low) < (rhs.high, rhs.low)
  }

  /// Decodes the text form, as Foundation's `UUID` is coded.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let id = UniqueID(uuidString: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "Not a UUID (8-4-4-4-12 hexadecimal digits): \(text)")
    }
    self = id
  }

  /// Encodes the text form, as Foundation's `UUID` is coded.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(uuidString)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  private static func hex(_ value: UInt64, count: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: count - digits.count) + digits
  }
}
