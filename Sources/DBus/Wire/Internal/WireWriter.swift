/// Writes D-Bus values in little-endian order, padding relative to the message start, and checks
/// what a peer would reject (invalid paths and signatures, NUL in strings, oversized arrays) so
/// an invalid value fails here, as a typed error, instead of getting the connection dropped.
struct WireWriter {
  private(set) var bytes: [UInt8] = []

  mutating func pad(_ boundary: Int) {
    while bytes.count % boundary != 0 { bytes.append(0) }
  }

  mutating func unsigned(_ value: UInt64, size: Int) {
    pad(size)
    for index in 0..<size { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
  }

  mutating func string(_ text: String) throws(DBusDecodingError) {
    let utf8 = Array(text.utf8)
    guard !utf8.contains(0) else { throw .unencodable(reason: "a string contains NUL") }
    guard utf8.count <= Int(UInt32.max) else {
      throw .unencodable(reason: "a string is longer than 4 GiB")
    }
    unsigned(UInt64(utf8.count), size: 4)
    bytes += utf8
    bytes.append(0)
  }

  mutating func signature(_ text: String) throws(DBusDecodingError) {
    let utf8 = Array(text.utf8)
    _ = try SignatureParser.parse(utf8)
    bytes.append(UInt8(utf8.count))
    bytes += utf8
    bytes.append(0)
  }

  mutating func value(_ value: DBusValue, depth: Int = 0) throws(DBusDecodingError) {
    switch value {
    case .boolean(let v): unsigned(v ? 1 : 0, size: 4)
    case .byte(let v): bytes.append(v)
    case .int16(let v): unsigned(UInt64(UInt16(bitPattern: v)), size: 2)
    case .uint16(let v): unsigned(UInt64(v), size: 2)
    case .int32(let v): unsigned(UInt64(UInt32(bitPattern: v)), size: 4)
    case .uint32(let v): unsigned(UInt64(v), size: 4)
    case .int64(let v): unsigned(UInt64(bitPattern: v), size: 8)
    case .uint64(let v): unsigned(v, size: 8)
    case .double(let v): unsigned(v.bitPattern, size: 8)
    case .string(let v): try string(v)
    case .objectPath(let v):
      guard ObjectPath.isValid(v) else { throw .invalidObjectPath(v) }
      try string(v)
    case .signature(let v): try signature(v)
    default:
      guard depth < WireReader.maximumDepth else { throw .nestedTooDeeply(offset: bytes.count) }
      try container(value, depth: depth + 1)
    }
  }

  private mutating func container(_ value: DBusValue, depth: Int) throws(DBusDecodingError) {
    switch value {
    case .variant(let inner):
      try signature(inner.type.description)
      try self.value(inner, depth: depth)
    case .structure(let fields):
      guard !fields.isEmpty else { throw .unencodable(reason: "an empty structure") }
      pad(8)
      for field in fields { try self.value(field, depth: depth) }
    case .array(let element, let values):
      try array(alignment: element.alignment) { (writer) throws(DBusDecodingError) in
        for item in values {
          guard item.type == element else {
            throw .unencodable(reason: "an array of \(element) holds a \(item.type)")
          }
          try writer.value(item, depth: depth)
        }
      }
    case .dictionary(let key, let valueType, let entries):
      guard key.isBasic else { throw .unencodable(reason: "a dictionary key of type \(key)") }
      try array(alignment: 8) { (writer) throws(DBusDecodingError) in
        for entry in entries {
          guard entry.key.type == key, entry.value.type == valueType else {
            throw .unencodable(reason: "a dictionary a{\(key)\(valueType)} holds another type")
          }
          writer.pad(8)
          try writer.value(entry.key, depth: depth)
          try writer.value(entry.value, depth: depth)
        }
      }
    default:
      try self.value(value, depth: depth)
    }
  }

  private mutating func array(
    alignment: Int, _ body: (inout WireWriter) throws(DBusDecodingError) -> Void
  ) throws(DBusDecodingError) {
    pad(4)
    let lengthAt = bytes.count
    unsigned(0, size: 4)
    pad(alignment)
    let start = bytes.count
    try body(&self)
    let length = bytes.count - start
    guard length <= WireReader.maximumArrayLength else {
      throw .arrayTooLong(length: length, offset: lengthAt)
    }
    for index in 0..<4 {
      bytes[lengthAt + index] = UInt8(truncatingIfNeeded: length >> (8 * index))
    }
  }
}
