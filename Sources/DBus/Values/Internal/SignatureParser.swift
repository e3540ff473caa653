/// Parses signature bytes into types, enforcing the specification's limits: 255 bytes, at most
/// 32 nested arrays and 32 nested structures (dictionary entries count as structures).
enum SignatureParser {
  static let maximumLength = 255
  static let maximumDepth = 32

  static func parse(_ bytes: [UInt8]) throws(DBusDecodingError) -> [DBusType] {
    let text = String(decoding: bytes, as: UTF8.self)
    guard bytes.count <= maximumLength else {
      throw .invalidSignature(String(text.prefix(40)), reason: "longer than 255 bytes")
    }
    var parser = Cursor(bytes: bytes, text: text)
    var types: [DBusType] = []
    while parser.index < bytes.count {
      types.append(try parser.completeType(arrays: 0, structures: 0))
    }
    return types
  }

  private struct Cursor {
    let bytes: [UInt8]
    let text: String
    var index = 0

    func failure(_ reason: String) -> DBusDecodingError {
      .invalidSignature(text, reason: reason)
    }

    mutating func completeType(arrays: Int, structures: Int) throws(DBusDecodingError) -> DBusType {
      guard index < bytes.count else { throw failure("a type is missing at its end") }
      let code = bytes[index]
      index += 1
      if let basic = Self.basic(code) { return basic }
      switch code {
      case UInt8(ascii: "v"):
        return .variant
      case UInt8(ascii: "a"):
        guard arrays < SignatureParser.maximumDepth else {
          throw failure("arrays nested deeper than 32")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
          index += 1
          return try dictionaryEntry(arrays: arrays + 1, structures: structures)
        }
        return .array(try completeType(arrays: arrays + 1, structures: structures))
      case UInt8(ascii: "("):
        guard structures < SignatureParser.maximumDepth else {
          throw failure("structures nested deeper than 32")
        }
        var fields: [DBusType] = []
        while index < bytes.count, bytes[index] != UInt8(ascii: ")") {
          fields.append(try completeType(arrays: arrays, structures: structures + 1))
        }
        guard index < bytes.count else { throw failure("a structure is not closed") }
        index += 1
        guard !fields.isEmpty else { throw failure("an empty structure") }
        return .structure(fields)
      case UInt8(ascii: "h"):
        throw .unsupportedType("h")
      default:
        throw failure("unexpected character '\(Self.printable(code))'")
      }
    }

    mutating func dictionaryEntry(arrays: Int, structures: Int) throws(DBusDecodingError)
      -> DBusType
    {
      guard structures < SignatureParser.maximumDepth else {
        throw failure("structures nested deeper than 32")
      }
      let key = try completeType(arrays: arrays, structures: structures + 1)
      guard key.isBasic else { throw failure("a dictionary key that is not a basic type") }
      let value = try completeType(arrays: arrays, structures: structures + 1)
      guard index < bytes.count, bytes[index] == UInt8(ascii: "}") else {
        throw failure("a dictionary entry that is not closed after two types")
      }
      index += 1
      return .dictionary(key: key, value: value)
    }

    static func basic(_ code: UInt8) -> DBusType? {
      switch code {
      case UInt8(ascii: "b"): .boolean
      case UInt8(ascii: "y"): .byte
      case UInt8(ascii: "n"): .int16
      case UInt8(ascii: "q"): .uint16
      case UInt8(ascii: "i"): .int32
      case UInt8(ascii: "u"): .uint32
      case UInt8(ascii: "x"): .int64
      case UInt8(ascii: "t"): .uint64
      case UInt8(ascii: "d"): .double
      case UInt8(ascii: "s"): .string
      case UInt8(ascii: "o"): .objectPath
      case UInt8(ascii: "g"): .signature
      default: nil
      }
    }

    static func printable(_ code: UInt8) -> String {
      code >= 0x20 && code < 0x7F
        ? String(UnicodeScalar(code)) : "\\u{\(String(code, radix: 16))}"
    }
  }
}
