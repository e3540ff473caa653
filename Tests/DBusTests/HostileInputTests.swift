import DBus
import Testing

/// Bytes no well-behaved peer sends: each gives a typed error, never a trap, and nothing is
/// allocated before its length is checked.
@Suite struct HostileInputTests {
  static func valid() throws -> [UInt8] {
    try DBusMessage(
      kind: .signal, serial: 3, path: "/p", interface: "a.b", member: "C",
      body: [
        .string("x"),
        .dictionary(
          key: .string, value: .variant,
          [
            DBusDictionaryEntry(key: .string("k"), value: .variant(.uint32(1)))
          ]),
      ]
    ).encoded()
  }

  @Test func everyTruncationIsATypedError() throws {
    let bytes = try Self.valid()
    for length in 0..<bytes.count {
      #expect(throws: DBusDecodingError.self) { try DBusMessage.decode(Array(bytes[..<length])) }
    }
  }

  @Test func everySingleByteCorruptionDecodesOrFailsTyped() throws {
    let bytes = try Self.valid()
    for index in bytes.indices {
      for value: UInt8 in [0, 1, 0x7F, 0xFF] {
        var corrupt = bytes
        corrupt[index] = value
        do {
          let message = try DBusMessage.decode(corrupt)
          // Whatever decodes must encode again (it is a valid message).
          _ = try message.encoded()
        } catch {
          // A typed DBusDecodingError, by the function's signature.
        }
      }
    }
  }

  @Test func aHugeDeclaredLengthIsRefusedBeforeBuffering() throws {
    var head: [UInt8] = [
      UInt8(ascii: "l"), 1, 0, 1, 0xFF, 0xFF, 0xFF, 0x7F, 1, 0, 0, 0, 0, 0, 0, 0,
    ]
    #expect(throws: DBusDecodingError.messageTooLarge(length: 16 + 0x7FFF_FFFF, limit: 1 << 27)) {
      try DBusMessage.frameLength(of: head)
    }
    head[4...7] = [0, 1, 0, 0]
    #expect(throws: DBusDecodingError.messageTooLarge(length: 16 + 256, limit: 100)) {
      try DBusMessage.frameLength(of: head, maximumLength: 100)
    }
    #expect(try DBusMessage.frameLength(of: head.prefix(15)) == nil)
  }

  @Test func anArrayLongerThanTheSpecificationAllowsIsRefused() throws {
    var bytes = try DBusMessage(
      kind: .methodReturn, serial: 1, replySerial: 1, body: [.array(.byte, [.byte(1)])]
    ).encoded()
    // The body is the array's 4-byte length then one byte: claim 64 MiB + 1.
    let bodyStart = bytes.count - 5
    bytes.replaceSubrange(bodyStart..<bodyStart + 4, with: [1, 0, 0, 4])
    #expect(throws: DBusDecodingError.arrayTooLong(length: (1 << 26) + 1, offset: bodyStart)) {
      try DBusMessage.decode(bytes)
    }
  }

  @Test func variantsNestedBeyondTheLimitAreRefused() throws {
    var value = DBusValue.byte(1)
    for _ in 0..<70 { value = .variant(value) }
    let message = DBusMessage(kind: .methodReturn, serial: 1, replySerial: 1, body: [value])
    #expect(throws: DBusDecodingError.self) { try message.encoded() }
    // Built by hand: 70 variant signatures "v" in a row, then a byte.
    var body: [UInt8] = []
    for _ in 0..<70 { body += [1, UInt8(ascii: "v"), 0] }
    body += [1, UInt8(ascii: "y"), 0, 1]
    let wire = try Self.returning(signature: "v", body: body)
    #expect(throws: DBusDecodingError.self) { try DBusMessage.decode(wire) }
  }

  @Test func aBooleanOtherThanZeroOrOneIsRefused() throws {
    let wire = try Self.returning(signature: "b", body: [2, 0, 0, 0])
    #expect(throws: DBusDecodingError.invalidBoolean(2, offset: wire.count - 4)) {
      try DBusMessage.decode(wire)
    }
  }

  @Test func stringsMustBeUTF8WithoutNUL() throws {
    for text: [UInt8] in [[0xC3, 0x28], [UInt8(ascii: "a"), 0, UInt8(ascii: "b")]] {
      let wire = try Self.returning(
        signature: "s", body: [UInt8(text.count), 0, 0, 0] + text + [0])
      #expect(throws: DBusDecodingError.self) { try DBusMessage.decode(wire) }
    }
  }

  @Test func objectPathsFollowTheGrammar() throws {
    for path in ["", "a", "/a/", "//", "/a-b", "/a//b"] {
      let bytes = Array(path.utf8)
      let wire = try Self.returning(
        signature: "o", body: [UInt8(bytes.count), 0, 0, 0] + bytes + [0])
      #expect(throws: DBusDecodingError.self, "\(path)") { try DBusMessage.decode(wire) }
    }
  }

  @Test func bodyLongerThanItsSignatureIsRefused() throws {
    let wire = try Self.returning(signature: "y", body: [1, 2])
    #expect(throws: DBusDecodingError.bodySignatureMismatch(expected: "y")) {
      try DBusMessage.decode(wire)
    }
  }

  @Test func messagesMissingRequiredFieldsAreRefused() throws {
    let bytes = try DBusMessage(kind: .methodReturn, serial: 1, replySerial: 4).encoded()
    var asSignal = bytes
    asSignal[1] = DBusMessage.Kind.signal.rawValue
    #expect(throws: DBusDecodingError.missingHeaderField("PATH")) {
      try DBusMessage.decode(asSignal)
    }
    var zeroSerial = bytes
    zeroSerial[8...11] = [0, 0, 0, 0]
    #expect(throws: DBusDecodingError.zeroSerial) { try DBusMessage.decode(zeroSerial) }
    var badVersion = bytes
    badVersion[3] = 2
    #expect(throws: DBusDecodingError.unsupportedVersion(2)) { try DBusMessage.decode(badVersion) }
  }

  @Test func invalidValuesAreNotSent() {
    let bad: [DBusValue] = [
      .string("a\u{0}b"), .objectPath("no/slash"), .signature("a{vs}"), .structure([]),
      .array(.string, [.uint32(1)]),
    ]
    for value in bad {
      #expect(throws: DBusDecodingError.self, "\(value)") {
        try DBusMessage(kind: .methodReturn, serial: 1, replySerial: 1, body: [value]).encoded()
      }
    }
  }

  /// A little-endian method return (reply to serial 1) whose body is `body`, laid out by hand.
  static func returning(signature: String, body: [UInt8]) throws -> [UInt8] {
    var fields: [UInt8] = [5, 1, UInt8(ascii: "u"), 0, 1, 0, 0, 0]
    fields +=
      [8, 1, UInt8(ascii: "g"), 0, UInt8(signature.utf8.count)] + Array(signature.utf8) + [0]
    var bytes: [UInt8] = [UInt8(ascii: "l"), 2, 0, 1]
    bytes += withUnsafeBytes(of: UInt32(body.count).littleEndian, Array.init)
    bytes += [1, 0, 0, 0]
    bytes += withUnsafeBytes(of: UInt32(fields.count).littleEndian, Array.init) + fields
    while bytes.count % 8 != 0 { bytes.append(0) }
    return bytes + body
  }
}
