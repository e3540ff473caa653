import Foundation
import SensorsTestSupport
import Testing

@testable import LinuxIIO

/// The reply parser on exchanges recorded from Debian 12's iiod 0.24 (under umockdev, see
/// Fixtures/README.md) and on hostile bytes.
@Suite("iiod replies (recorded from iiod 0.24, and hostile)")
struct IIODReplyParserTests {
  private func bytes(_ text: String) -> ArraySlice<UInt8> { Array(text.utf8)[...] }

  private func fixture(_ name: String) throws -> [UInt8] {
    let url = try UmockdevDescription.url(
      name, extension: nil, subdirectory: "iiod", in: .module)
    return Array(try Data(contentsOf: url))
  }

  @Test("READ's reply: the length counts the value's trailing NUL, a newline follows")
  func readReply() {
    let reply = IIODReplyParser.parse(.payload(limit: 100), bytes("6\n75935\0\n"))
    #expect(reply == .reply(.payload(Array("75935".utf8)), consumed: 9))
  }

  @Test("VERSION's reply is one line, padded with spaces")
  func versionReply() {
    #expect(
      IIODReplyParser.parse(.line(limit: 64), bytes("0.24.v0.24  \n"))
        == .reply(.line("0.24.v0.24  "), consumed: 13))
  }

  @Test("A negative number is the board's errno, for every kind of reply")
  func errnoReplies() {
    #expect(
      IIODReplyParser.parse(.payload(limit: 10), bytes("-19\n"))
        == .remoteError(errno: 19, consumed: 4))
    #expect(IIODReplyParser.parse(.status, bytes("-22\n")) == .remoteError(errno: 22, consumed: 4))
    #expect(
      IIODReplyParser.parse(.chunkHeader(withMask: true), bytes("-110\n"))
        == .remoteError(errno: 110, consumed: 5))
  }

  @Test("PRINT's recorded reply: a length line, 6043 bytes of XML and a newline")
  func printReply() throws {
    let recorded = try fixture("iiod-adis16480.print")
    guard
      case .reply(.payload(let xml), let consumed) =
        IIODReplyParser.parse(.payload(limit: 1 << 20), recorded[...])
    else {
      Issue.record("the recorded PRINT reply did not parse")
      return
    }
    #expect(consumed == recorded.count)
    #expect(xml.count == 6043)
    let context = try IIODContext(xml: xml)
    #expect(context.device("iio:device0")?.name == "adis16480")
  }

  @Test("A reply split at every byte asks for more until it is whole")
  func splitAnywhere() throws {
    let recorded = try fixture("iiod-adis16480.print")
    for cut in [0, 1, 4, 5, 100, 6047, 6048] {
      #expect(IIODReplyParser.parse(.payload(limit: 1 << 20), recorded[..<cut]) == .needMore)
    }
  }

  @Test("READBUF's recorded reply: length, channel mask (first block only), then the scans")
  func readbufReply() throws {
    let recorded = try fixture("iiod-accel-buffer.readbuf")
    let header = IIODReplyParser.parse(.chunkHeader(withMask: true), recorded[...])
    #expect(header == .reply(.chunk(length: 72, mask: "0000000f"), consumed: 12))
    #expect(recorded.count == 12 + 72)
    #expect(
      IIODReplyParser.parse(.chunkHeader(withMask: false), bytes("48\n"))
        == .reply(.chunk(length: 48, mask: nil), consumed: 3))
  }

  @Test("Hostile replies are malformed or too large, never a crash or an endless wait")
  func hostile() {
    #expect(IIODReplyParser.parse(.status, bytes("abc\n")) == .malformed("\"abc\" is not a number"))
    #expect(IIODReplyParser.parse(.status, bytes("\n")) == .malformed("\"\" is not a number"))
    #expect(IIODReplyParser.parse(.status, bytes("-\n")) == .malformed("\"-\" is not a number"))
    #expect(
      IIODReplyParser.parse(.status, bytes("99999999999999999999999\n"))
        == .malformed("no line end after a number"))
    #expect(
      IIODReplyParser.parse(.status, bytes(String(repeating: "1", count: 40)))
        == .malformed("no line end after a number"))
    #expect(
      IIODReplyParser.parse(.payload(limit: 16), bytes("17\n"))
        == .tooLarge(length: 17, limit: 16))
    #expect(
      IIODReplyParser.parse(.payload(limit: 16), bytes("3\nabcX"))
        == .malformed("the 3-byte value is not followed by a line end"))
    #expect(
      IIODReplyParser.parse(.status, bytes("-99999\n")) == .malformed("-99999 is not an errno"))
    #expect(
      IIODReplyParser.parse(.chunkHeader(withMask: true), bytes("8\nzz\n"))
        == .malformed("the channel mask \"zz\" is not hexadecimal words"))
    #expect(
      IIODReplyParser.parse(.line(limit: 8), bytes("0123456789"))
        == .malformed("no line end in 8 bytes"))
  }

  @Test("A CR LF line end is accepted")
  func carriageReturn() {
    #expect(IIODReplyParser.parse(.status, bytes("0\r\n")) == .reply(.status(0), consumed: 3))
  }

  @Test("The channel mask: 8 hex digits per 32 channels, most significant word first")
  func channelMask() {
    #expect(IIODClient.mask(scanIndices: [0, 1, 2, 3], channelCount: 4) == "0000000f")
    #expect(IIODClient.mask(scanIndices: [0, 11], channelCount: 12) == "00000801")
    #expect(IIODClient.mask(scanIndices: [0, 33], channelCount: 40) == "0000000200000001")
    #expect(IIODClient.mask(scanIndices: [-1, 64], channelCount: 40) == "0000000000000000")
  }
}
