/// One complete D-Bus type, as a signature spells it (`s`, `a{sv}`, `(tt)`…).
///
/// Only the types of the D-Bus specification that carry data over a socket are supported; unix
/// file descriptors (`h`) are refused with ``DBusDecodingError/unsupportedType(_:)``.
public enum DBusType: Hashable, Sendable, CustomStringConvertible {
  /// `b`: a boolean (32 bits on the wire, 0 or 1).
  case boolean
  /// `y`: an unsigned byte.
  case byte
  /// `n`: a signed 16-bit integer.
  case int16
  /// `q`: an unsigned 16-bit integer.
  case uint16
  /// `i`: a signed 32-bit integer.
  case int32
  /// `u`: an unsigned 32-bit integer.
  case uint32
  /// `x`: a signed 64-bit integer.
  case int64
  /// `t`: an unsigned 64-bit integer.
  case uint64
  /// `d`: an IEEE 754 double.
  case double
  /// `s`: a UTF-8 string.
  case string
  /// `o`: an object path such as `/org/freedesktop/GeoClue2/Manager`.
  case objectPath
  /// `g`: a type signature.
  case signature
  /// `v`: a value that carries its own type.
  case variant
  /// `aT`: an array of elements of one type.
  indirect case array(DBusType)
  /// `a{KV}`: a dictionary whose keys are a basic type.
  indirect case dictionary(key: DBusType, value: DBusType)
  /// `(…)`: a structure of one or more fields.
  case structure([DBusType])

  /// The signature text of this type.
  public var description: String {
    switch self {
    case .boolean: "b"
    case .byte: "y"
    case .int16: "n"
    case .uint16: "q"
    case .int32: "i"
    case .uint32: "u"
    case .int64: "x"
    case .uint64: "t"
    case .double: "d"
    case .string: "s"
    case .objectPath: "o"
    case .signature: "g"
    case .variant: "v"
    case .array(let element): "a" + element.description
    case .dictionary(let key, let value): "a{" + key.description + value.description + "}"
    case .structure(let fields): "(" + fields.map(\.description).joined() + ")"
    }
  }

  /// Whether the type is basic (fixed size or string-like), as dictionary keys must be.
  public var isBasic: Bool {
    switch self {
    case .variant, .array, .dictionary, .structure: false
    default: true
    }
  }

  /// The alignment of the type on the wire, in bytes.
  var alignment: Int {
    switch self {
    case .byte, .signature, .variant: 1
    case .int16, .uint16: 2
    case .boolean, .int32, .uint32, .string, .objectPath, .array, .dictionary: 4
    case .int64, .uint64, .double, .structure: 8
    }
  }

  /// Parses a signature (a sequence of complete types, at most 255 bytes).
  ///
  /// - Throws: ``DBusDecodingError/invalidSignature(_:reason:)`` for anything the
  ///   specification does not allow (unbalanced brackets, an empty structure, a dictionary
  ///   entry outside an array, a non-basic key, nesting deeper than 32 arrays or 32 structures).
  public static func parse(signature: String) throws(DBusDecodingError) -> [DBusType] {
    try SignatureParser.parse(Array(signature.utf8))
  }
}
