extension DBusMessage {
  /// The specification's limit on a whole message: 128 MiB.
  public static let specificationMaximumLength = 1 << 27

  /// The bytes of this message, little-endian.
  ///
  /// - Throws: ``DBusDecodingError`` when a value cannot be sent (a serial of 0, an invalid
  ///   object path or signature, a string with NUL, a message over 128 MiB).
  public func encoded() throws(DBusDecodingError) -> [UInt8] {
    guard serial != 0 else { throw .zeroSerial }
    var body = WireWriter()
    for value in self.body { try body.value(value) }
    var writer = WireWriter()
    for byte in [UInt8(ascii: "l"), kind.rawValue, flags, 1] {
      writer.unsigned(UInt64(byte), size: 1)
    }
    writer.unsigned(UInt64(body.bytes.count), size: 4)
    writer.unsigned(UInt64(serial), size: 4)
    try writer.value(.array(HeaderField.type, try headerFields()))
    writer.pad(8)
    let message = writer.bytes + body.bytes
    guard message.count <= Self.specificationMaximumLength else {
      throw .messageTooLarge(length: message.count, limit: Self.specificationMaximumLength)
    }
    return message
  }

  private func headerFields() throws(DBusDecodingError) -> [DBusValue] {
    var fields: [(HeaderField, DBusValue)] = []
    if let path {
      guard ObjectPath.isValid(path) else { throw .invalidObjectPath(path) }
      fields.append((.path, .objectPath(path)))
    }
    if let interface { fields.append((.interface, .string(interface))) }
    if let member { fields.append((.member, .string(member))) }
    if let errorName { fields.append((.errorName, .string(errorName))) }
    if let replySerial { fields.append((.replySerial, .uint32(replySerial))) }
    if let destination { fields.append((.destination, .string(destination))) }
    if let sender { fields.append((.sender, .string(sender))) }
    if !body.isEmpty { fields.append((.signature, .signature(signature))) }
    return fields.map { .structure([.byte($0.0.rawValue), .variant($0.1)]) }
  }

  /// How many bytes the message starting at `prefix` occupies, from its first 16 bytes; nil
  /// when fewer than 16 are given. A stream reader uses it to know how much to wait for.
  ///
  /// - Throws: ``DBusDecodingError/invalidEndianness(_:)`` or
  ///   ``DBusDecodingError/messageTooLarge(length:limit:)`` (over `maximumLength`, at most the
  ///   specification's 128 MiB), before anything is buffered.
  public static func frameLength(
    of prefix: some Collection<UInt8>, maximumLength: Int = specificationMaximumLength
  ) throws(DBusDecodingError) -> Int? {
    let head = Array(prefix.prefix(16))
    guard head.count == 16 else { return nil }
    let bigEndian: Bool
    switch head[0] {
    case UInt8(ascii: "l"): bigEndian = false
    case UInt8(ascii: "B"): bigEndian = true
    default: throw .invalidEndianness(head[0])
    }
    var reader = WireReader(bytes: head, bigEndian: bigEndian, offset: 4)
    let bodyLength = Int(try reader.uint32())
    _ = try reader.uint32()
    let fieldsLength = Int(try reader.uint32())
    let headerLength = (16 + fieldsLength + 7) & ~7
    let total = headerLength + bodyLength
    let limit = min(maximumLength, specificationMaximumLength)
    guard total <= limit else { throw .messageTooLarge(length: total, limit: limit) }
    return total
  }

  /// Decodes one whole message (exactly `bytes`, as ``frameLength(of:maximumLength:)`` measured).
  ///
  /// - Throws: ``DBusDecodingError`` for anything the specification does not allow, or a
  ///   message over `maximumLength` bytes. Never traps, whatever the bytes.
  public static func decode(
    _ bytes: [UInt8], maximumLength: Int = specificationMaximumLength
  ) throws(DBusDecodingError) -> DBusMessage {
    guard let length = try frameLength(of: bytes, maximumLength: maximumLength) else {
      throw .truncated(offset: 0, needed: 16, available: bytes.count)
    }
    guard length == bytes.count else {
      throw .truncated(offset: bytes.count, needed: length, available: bytes.count)
    }
    var reader = WireReader(bytes: bytes, bigEndian: bytes[0] == UInt8(ascii: "B"), offset: 1)
    let typeByte = try reader.byte()
    let flags = try reader.byte()
    let version = try reader.byte()
    guard version == 1 else { throw .unsupportedVersion(version) }
    let bodyLength = Int(try reader.uint32())
    let serial = try reader.uint32()
    guard serial != 0 else { throw .zeroSerial }
    guard case .array(_, let rawFields) = try reader.value(.array(HeaderField.type)) else {
      throw .missingHeaderField("header")
    }
    try reader.align(8)
    guard let kind = Kind(rawValue: typeByte) else { throw .unknownMessageType(typeByte) }
    var message = DBusMessage(kind: kind, flags: flags, serial: serial)
    let signature = try message.apply(rawFields)
    let types = try SignatureParser.parse(Array(signature.utf8))
    var body = WireReader(
      bytes: bytes, bigEndian: reader.bigEndian, offset: reader.offset,
      limit: reader.offset + bodyLength)
    for type in types { message.body.append(try body.value(type)) }
    guard body.offset == bytes.count else { throw .bodySignatureMismatch(expected: signature) }
    try message.checkRequiredFields()
    return message
  }

  /// Stores the header fields; returns the body's signature. Unknown fields are ignored, as
  /// the specification asks.
  private mutating func apply(_ fields: [DBusValue]) throws(DBusDecodingError) -> String {
    var signature = ""
    for field in fields {
      guard case .structure(let pair) = field, pair.count == 2, case .byte(let code) = pair[0],
        case .variant(let value) = pair[1]
      else { continue }
      guard let known = HeaderField(rawValue: code) else { continue }
      guard value.type == known.valueType else {
        throw .invalidHeaderField(code: code, signature: value.type.description)
      }
      switch (known, value) {
      case (.path, .objectPath(let v)): path = v
      case (.interface, .string(let v)): interface = v
      case (.member, .string(let v)): member = v
      case (.errorName, .string(let v)): errorName = v
      case (.replySerial, .uint32(let v)): replySerial = v
      case (.destination, .string(let v)): destination = v
      case (.sender, .string(let v)): sender = v
      case (.signature, .signature(let v)): signature = v
      case (.unixFileDescriptors, .uint32(let count)) where count > 0:
        throw .unsupportedType("h")
      default: continue
      }
    }
    return signature
  }

  private func checkRequiredFields() throws(DBusDecodingError) {
    switch kind {
    case .methodCall:
      if path == nil { throw .missingHeaderField("PATH") }
      if member == nil { throw .missingHeaderField("MEMBER") }
    case .methodReturn:
      if replySerial == nil { throw .missingHeaderField("REPLY_SERIAL") }
    case .error:
      if errorName == nil { throw .missingHeaderField("ERROR_NAME") }
      if replySerial == nil { throw .missingHeaderField("REPLY_SERIAL") }
    case .signal:
      if path == nil { throw .missingHeaderField("PATH") }
      if interface == nil { throw .missingHeaderField("INTERFACE") }
      if member == nil { throw .missingHeaderField("MEMBER") }
    }
  }
}

/// The header fields of the specification, by code.
enum HeaderField: UInt8 {
  case path = 1
  case interface = 2
  case member = 3
  case errorName = 4
  case replySerial = 5
  case destination = 6
  case sender = 7
  case signature = 8
  case unixFileDescriptors = 9

  /// `a(yv)`'s element. Computed, not stored: a global holding an enum's array payload is
  /// reported as a leak by LeakSanitizer (the pointer sits in the enum's spare bits), which
  /// would make every fuzzing run a finding.
  static var type: DBusType { .structure([.byte, .variant]) }

  var valueType: DBusType {
    switch self {
    case .path: .objectPath
    case .interface, .member, .errorName, .destination, .sender: .string
    case .replySerial, .unixFileDescriptors: .uint32
    case .signature: .signature
    }
  }
}
