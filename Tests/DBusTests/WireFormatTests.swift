import DBus
import Testing

/// The marshalling of each type: layout by the specification, both byte orders on read.
@Suite struct WireFormatTests {
  static let everyType: [DBusValue] = [
    .byte(0xAB), .boolean(true), .int16(-2), .uint16(65_535), .int32(-70_000),
    .uint32(4_000_000_000), .int64(-1 << 40), .uint64(1 << 63), .double(-0.125),
    .string("héllo"), .objectPath("/org/freedesktop/GeoClue2/Client/1"), .signature("a{sv}(tt)"),
    .variant(.structure([.uint64(1_700_000_000), .uint64(250_000)])),
    .array(.int16, []), .array(.double, [.double(1), .double(2)]),
    .dictionary(
      key: .string, value: .variant,
      [DBusDictionaryEntry(key: .string("Latitude"), value: .variant(.double(48.1)))]),
    .structure([.byte(1), .variant(.array(.string, [.string("a")]))]),
  ]

  @Test func everyTypeRoundTrips() throws {
    let message = DBusMessage(
      kind: .signal, serial: 7, path: "/a/b", interface: "x.y", member: "Z", body: Self.everyType)
    let decoded = try DBusMessage.decode(try message.encoded())
    #expect(decoded == message)
    #expect(decoded.signature == "ybnqiuxtdsogvanada{sv}(yv)")
  }

  @Test func integersAreLittleEndianAndAligned() throws {
    // A body of (y, u): the u is padded to offset 4 of the body.
    let bytes = try DBusMessage(
      kind: .methodReturn, serial: 1, replySerial: 1, body: [.byte(9), .uint32(0x0102_0304)]
    ).encoded()
    let body = Array(bytes.suffix(8))
    #expect(body == [9, 0, 0, 0, 0x04, 0x03, 0x02, 0x01])
  }

  @Test func emptyArrayStillPadsToItsElementAlignment() throws {
    // The specification: an empty array of 8-aligned elements still pads after its length.
    let bytes = try DBusMessage(
      kind: .methodReturn, serial: 1, replySerial: 1, body: [.array(.uint64, [])]
    ).encoded()
    #expect(Array(bytes.suffix(8)) == [0, 0, 0, 0, 0, 0, 0, 0])
  }

  /// A big-endian method return laid out by hand from the specification: body `(u s d)`.
  @Test func bigEndianMessagesAreRead() throws {
    var bytes: [UInt8] = [UInt8(ascii: "B"), 2, 0, 1]
    let body: [UInt8] =
      [0x01, 0x02, 0x03, 0x04]  // u
      + [0, 0, 0, 2, UInt8(ascii: "h"), UInt8(ascii: "i"), 0]  // s, at 4
      + [0, 0, 0, 0, 0]  // pad to 16
      + [0x3F, 0xF8, 0, 0, 0, 0, 0, 0]  // d 1.5
    bytes += [0, 0, 0, UInt8(body.count)]  // body length
    bytes += [0, 0, 0, 9]  // serial
    let fields: [UInt8] =
      [5, 1, UInt8(ascii: "u"), 0, 0, 0, 0, 3]  // REPLY_SERIAL 3
      + [8, 1, UInt8(ascii: "g"), 0, 3, UInt8(ascii: "u"), UInt8(ascii: "s"), UInt8(ascii: "d"), 0]
    bytes += [0, 0, 0, UInt8(fields.count)] + fields
    while bytes.count % 8 != 0 { bytes.append(0) }
    bytes += body
    let message = try DBusMessage.decode(bytes)
    #expect(message.kind == .methodReturn)
    #expect(message.serial == 9)
    #expect(message.replySerial == 3)
    #expect(message.body == [.uint32(0x0102_0304), .string("hi"), .double(1.5)])
  }

  @Test func signaturesFollowTheGrammar() throws {
    #expect(try DBusType.parse(signature: "a{sv}") == [.dictionary(key: .string, value: .variant)])
    #expect(try DBusType.parse(signature: "(tt)") == [.structure([.uint64, .uint64])])
    #expect(try DBusType.parse(signature: "") == [])
    for bad in ["(", ")", "()", "a", "{sv}", "a{vs}", "a{s}", "a{sss}", "z", "h"] {
      #expect(throws: DBusDecodingError.self, "\(bad)") { try DBusType.parse(signature: bad) }
    }
    let deep = String(repeating: "a", count: 33) + "y"
    #expect(throws: DBusDecodingError.self) { try DBusType.parse(signature: deep) }
    let deepest = String(repeating: "a", count: 32) + "y"
    #expect(try DBusType.parse(signature: deepest).count == 1)
  }
}
