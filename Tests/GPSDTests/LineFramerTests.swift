import GPSD
import Testing

/// Framing the byte stream the way it arrives from a socket: in arbitrary pieces.
@Suite struct LineFramerTests {
  func text(_ lines: [Result<[UInt8], GPSDDecodingError>]) -> [String] {
    lines.map { line in
      switch line {
      case .success(let bytes): String(decoding: bytes, as: UTF8.self)
      case .failure(let error): "error: \(error)"
      }
    }
  }

  @Test func crlfAndLfLinesAndBlankLines() {
    var framer = GPSDLineFramer()
    framer.append(contentsOf: "one\r\ntwo\n\r\n\nthree\r\npart".utf8)
    #expect(text(framer.lines()) == ["one", "two", "three"])
    #expect(framer.bufferedByteCount == 4)
    framer.append(contentsOf: "ial\r\n".utf8)
    #expect(text(framer.lines()) == ["partial"])
    #expect(framer.bufferedByteCount == 0)
  }

  @Test func everySplitOfARealCaptureGivesTheSameLines() throws {
    let lines = try Fixtures.lines("garmin-10x").prefix(12)
    let stream = Array(lines.map { $0 + "\r\n" }.joined().utf8)
    for split in stride(from: 1, to: stream.count, by: 7) {
      var framer = GPSDLineFramer()
      var received: [String] = []
      for chunk in [stream[..<split], stream[split...]] {
        framer.append(contentsOf: chunk)
        received += text(framer.lines())
      }
      #expect(received == Array(lines), "split at \(split)")
    }
  }

  @Test func byteByByteDelivery() throws {
    let lines = try Fixtures.lines("nmea-rtk").prefix(5)
    var framer = GPSDLineFramer()
    var received: [String] = []
    for byte in lines.map({ $0 + "\r\n" }).joined().utf8 {
      framer.append(contentsOf: CollectionOfOne(byte))
      received += text(framer.lines())
    }
    #expect(received == Array(lines))
  }

  @Test func linesOf10240BytesAndMoreAreAccepted() throws {
    let big = #"{"class":"XXX","pad":""# + String(repeating: "a", count: 10_300) + #""}"#
    var framer = GPSDLineFramer()
    framer.append(contentsOf: (big + "\r\n").utf8)
    let lines = framer.lines()
    #expect(lines.count == 1)
    let bytes = try lines[0].get()
    #expect(bytes.count == big.utf8.count)
    #expect(try GPSDReport.decode(bytes) == .unknown(class: "XXX"))
  }

  @Test func oversizedLineIsReportedOnceThenFramingResumes() {
    var framer = GPSDLineFramer(maximumLineLength: 10_240)
    framer.append(contentsOf: "before\r\n".utf8)
    framer.append(contentsOf: repeatElement(UInt8(ascii: "x"), count: 6_000))
    #expect(text(framer.lines()) == ["before"])
    framer.append(contentsOf: repeatElement(UInt8(ascii: "x"), count: 6_000))
    #expect(
      text(framer.lines()) == [
        "error: \(GPSDDecodingError.lineTooLong(length: 12_000, limit: 10_240))"
      ])
    // Still no newline: the rest is discarded without growing the buffer or repeating the error.
    framer.append(contentsOf: repeatElement(UInt8(ascii: "x"), count: 50_000))
    #expect(framer.lines().isEmpty)
    #expect(framer.bufferedByteCount == 0)
    framer.append(contentsOf: "xxxx\r\nafter\r\n".utf8)
    #expect(text(framer.lines()) == ["after"])
  }

  @Test func oversizedLineArrivingWhole() {
    var framer = GPSDLineFramer(maximumLineLength: 10_240)
    framer.append(contentsOf: (String(repeating: "y", count: 10_241) + "\r\nnext\r\n").utf8)
    #expect(
      text(framer.lines()) == [
        "error: \(GPSDDecodingError.lineTooLong(length: 10_241, limit: 10_240))", "next",
      ])
  }
}
