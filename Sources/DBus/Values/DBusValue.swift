/// One D-Bus value with its type: what a message body, a property or a variant holds.
///
/// Containers carry their element types, so an empty array still knows its signature.
public enum DBusValue: Hashable, Sendable {
  /// `b`.
  case boolean(Bool)
  /// `y`.
  case byte(UInt8)
  /// `n`.
  case int16(Int16)
  /// `q`.
  case uint16(UInt16)
  /// `i`.
  case int32(Int32)
  /// `u`.
  case uint32(UInt32)
  /// `x`.
  case int64(Int64)
  /// `t`.
  case uint64(UInt64)
  /// `d`.
  case double(Double)
  /// `s`: valid UTF-8 without NUL.
  case string(String)
  /// `o`: an object path (`/`, or `/` followed by `[A-Za-z0-9_]` elements separated by `/`).
  case objectPath(String)
  /// `g`: a signature.
  case signature(String)
  /// `v`: a value that carries its own type.
  indirect case variant(DBusValue)
  /// `aT`: the element type and the elements (each of that type).
  case array(DBusType, [DBusValue])
  /// `a{KV}`: key and value types and the entries, in wire order.
  case dictionary(key: DBusType, value: DBusType, [DBusDictionaryEntry])
  /// `(…)`: the fields, at least one.
  case structure([DBusValue])

  /// The type of this value.
  public var type: DBusType {
    switch self {
    case .boolean: .boolean
    case .byte: .byte
    case .int16: .int16
    case .uint16: .uint16
    case .int32: .int32
    case .uint32: .uint32
    case .int64: .int64
    case .uint64: .uint64
    case .double: .double
    case .string: .string
    case .objectPath: .objectPath
    case .signature: .signature
    case .variant: .variant
    case .array(let element, _): .array(element)
    case .dictionary(let key, let value, _): .dictionary(key: key, value: value)
    case .structure(let fields): .structure(fields.map(\.type))
    }
  }

  /// The value inside any number of variants.
  public var unwrapped: DBusValue {
    if case .variant(let inner) = self { return inner.unwrapped }
    return self
  }

  /// The string of a `s`, `o` or `g` value (inside variants too), else nil.
  public var stringValue: String? {
    switch unwrapped {
    case .string(let text), .objectPath(let text), .signature(let text): text
    default: nil
    }
  }

  /// The number of any integer or double value (inside variants too), else nil.
  public var doubleValue: Double? {
    switch unwrapped {
    case .byte(let v): Double(v)
    case .int16(let v): Double(v)
    case .uint16(let v): Double(v)
    case .int32(let v): Double(v)
    case .uint32(let v): Double(v)
    case .int64(let v): Double(v)
    case .uint64(let v): Double(v)
    case .double(let v): v
    default: nil
    }
  }

  /// The truth of a `b` value (inside variants too), else nil.
  public var boolValue: Bool? {
    if case .boolean(let value) = unwrapped { return value }
    return nil
  }

  /// The entries of an `a{s…}` dictionary keyed by string (inside variants too), else nil. A
  /// key that appears twice keeps its last value.
  public var stringKeyedEntries: [String: DBusValue]? {
    guard case .dictionary(.string, _, let entries) = unwrapped else { return nil }
    var result: [String: DBusValue] = [:]
    for entry in entries {
      if case .string(let key) = entry.key { result[key] = entry.value }
    }
    return result
  }
}
