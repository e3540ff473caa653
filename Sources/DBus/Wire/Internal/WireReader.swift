/// Reads D-Bus values from one message's bytes: alignment relative to the message start, either
/// byte order, and every limit of the specification checked before memory is spent.
struct WireReader {
  /// The specification's limit on one array's bytes (64 MiB).
  static let maximumArrayLength = 1 << 26
  /// The specification's limit on container nesting (32 arrays plus 32 structures).
  static let maximumDepth = 64

  let bytes: [UInt8]
  let bigEndian: Bool
  private(set) var offset: Int
  /// Where reading must stop (the end of the message, or of the header fields).
  var limit: Int

  init(bytes: [UInt8], bigEndian: Bool, offset: Int = 0, limit: Int? = nil) {
    self.bytes = bytes
    self.bigEndian = bigEndian
    self.offset = offset
    self.limit = min(limit ?? bytes.count, bytes.count)
  }

  mutating func align(_ boundary: Int) throws(DBusDecodingError) {
    let padding = (boundary - offset % boundary) % boundary
    try need(padding)
    for index in offset..<offset + padding where bytes[index] != 0 {
      throw .nonZeroPadding(offset: index)
    }
    offset += padding
  }

  private func need(_ count: Int) throws(DBusDecodingError) {
    guard count <= limit - offset else {
      throw .truncated(offset: offset, needed: count, available: max(0, limit - offset))
    }
  }

  mutating func byte() throws(DBusDecodingError) -> UInt8 {
    try need(1)
    defer { offset += 1 }
    return bytes[offset]
  }

  /// An unsigned integer of `size` bytes (2, 4 or 8), aligned to its size.
  mutating func unsigned(size: Int) throws(DBusDecodingError) -> UInt64 {
    try align(size)
    try need(size)
    var value: UInt64 = 0
    for index in 0..<size {
      let byte = UInt64(bytes[offset + (bigEndian ? index : size - 1 - index)])
      value = value << 8 | byte
    }
    offset += size
    return value
  }

  mutating func uint32() throws(DBusDecodingError) -> UInt32 {
    UInt32(truncatingIfNeeded: try unsigned(size: 4))
  }

  /// A string's bytes: a 32-bit length, the bytes, a NUL; valid UTF-8 without NUL inside.
  mutating func string() throws(DBusDecodingError) -> String {
    let start = offset
    let length = Int(try uint32())
    guard length < limit - offset else {
      throw .truncated(offset: offset, needed: length + 1, available: max(0, limit - offset))
    }
    return try text(length: length, start: start)
  }

  mutating func signatureText() throws(DBusDecodingError) -> String {
    let start = offset
    let length = Int(try byte())
    try need(length + 1)
    return try text(length: length, start: start)
  }

  private mutating func text(length: Int, start: Int) throws(DBusDecodingError) -> String {
    let slice = bytes[offset..<offset + length]
    guard bytes[offset + length] == 0, !slice.contains(0),
      let text = String(validating: slice, as: UTF8.self)
    else { throw .invalidString(offset: start) }
    offset += length + 1
    return text
  }

  /// Reads one value of `type`; `depth` counts the containers around it.
  mutating func value(_ type: DBusType, depth: Int = 0) throws(DBusDecodingError) -> DBusValue {
    switch type {
    case .byte: return .byte(try byte())
    case .boolean:
      let start = offset
      let raw = try uint32()
      guard raw <= 1 else { throw .invalidBoolean(raw, offset: start) }
      return .boolean(raw == 1)
    case .int16: return .int16(Int16(truncatingIfNeeded: try unsigned(size: 2)))
    case .uint16: return .uint16(UInt16(truncatingIfNeeded: try unsigned(size: 2)))
    case .int32: return .int32(Int32(truncatingIfNeeded: try unsigned(size: 4)))
    case .uint32: return .uint32(try uint32())
    case .int64: return .int64(Int64(bitPattern: try unsigned(size: 8)))
    case .uint64: return .uint64(try unsigned(size: 8))
    case .double: return .double(Double(bitPattern: try unsigned(size: 8)))
    case .string: return .string(try string())
    case .objectPath:
      let path = try string()
      guard ObjectPath.isValid(path) else { throw .invalidObjectPath(path) }
      return .objectPath(path)
    case .signature:
      let text = try signatureText()
      _ = try SignatureParser.parse(Array(text.utf8))
      return .signature(text)
    default:
      guard depth < Self.maximumDepth else { throw .nestedTooDeeply(offset: offset) }
      return try container(type, depth: depth + 1)
    }
  }

  private mutating func container(_ type: DBusType, depth: Int) throws(DBusDecodingError)
    -> DBusValue
  {
    switch type {
    case .variant:
      let text = try signatureText()
      let types = try SignatureParser.parse(Array(text.utf8))
      guard types.count == 1 else {
        throw .invalidSignature(text, reason: "a variant holds exactly one complete type")
      }
      return .variant(try value(types[0], depth: depth))
    case .structure(let fields):
      try align(8)
      var values: [DBusValue] = []
      for field in fields { values.append(try value(field, depth: depth)) }
      return .structure(values)
    case .array(let element):
      var values: [DBusValue] = []
      try elements(alignment: element.alignment) { (reader) throws(DBusDecodingError) in
        values.append(try reader.value(element, depth: depth))
      }
      return .array(element, values)
    case .dictionary(let key, let valueType):
      var entries: [DBusDictionaryEntry] = []
      try elements(alignment: 8) { (reader) throws(DBusDecodingError) in
        try reader.align(8)
        let k = try reader.value(key, depth: depth)
        let v = try reader.value(valueType, depth: depth)
        entries.append(DBusDictionaryEntry(key: k, value: v))
      }
      return .dictionary(key: key, value: valueType, entries)
    default:
      return try value(type, depth: depth)
    }
  }

  /// Reads an array's length, its padding, then elements until exactly its end.
  private mutating func elements(
    alignment: Int, _ body: (inout WireReader) throws(DBusDecodingError) -> Void
  ) throws(DBusDecodingError) {
    let start = offset
    let length = Int(try uint32())
    guard length <= Self.maximumArrayLength else {
      throw .arrayTooLong(length: length, offset: start)
    }
    try align(alignment)
    try need(length)
    let end = offset + length
    let outer = limit
    limit = end
    defer { limit = outer }
    while offset < end {
      let before = offset
      try body(&self)
      // Every element takes at least one byte, so the loop always ends.
      guard offset > before, offset <= end else { throw .arrayLengthMismatch(offset: start) }
    }
  }
}

/// The object path grammar: `/`, or `/`-separated non-empty elements of `[A-Za-z0-9_]`.
enum ObjectPath {
  static func isValid(_ path: String) -> Bool {
    let bytes = Array(path.utf8)
    guard bytes.first == UInt8(ascii: "/") else { return false }
    if bytes.count == 1 { return true }
    guard bytes.last != UInt8(ascii: "/") else { return false }
    var previous = UInt8(ascii: "/")
    for byte in bytes.dropFirst() {
      if byte == UInt8(ascii: "/") {
        if previous == byte { return false }
      } else if !(byte.isASCIIAlphanumeric || byte == UInt8(ascii: "_")) {
        return false
      }
      previous = byte
    }
    return true
  }
}

extension UInt8 {
  fileprivate var isASCIIAlphanumeric: Bool {
    (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
  }
}
