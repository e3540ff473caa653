import Foundation
import GPSD
import Testing

/// Thousands of damaged real lines: the decoder answers each with a report or a typed error, and agrees
/// with Foundation's JSON parser on which lines are well-formed.
@Suite struct HostileInputTests {
  /// SplitMix64: a tiny seeded generator so a failing case can be reproduced from its seed.
  struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static let splices: [[UInt8]] = [
    Array("1e999999".utf8), Array("-".utf8), Array("99999999999999999999999999".utf8), [0xFF],
    [0xC3], [0xED, 0xA0, 0x80],
    [0x00], Array("\\u12".utf8), Array("[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[".utf8),
    Array("\"".utf8), Array("{".utf8),
    Array("}".utf8), Array(",".utf8), Array(":".utf8), Array("null".utf8), Array("\\".utf8),
    Array("\r\n".utf8),
  ]

  func mutate(_ line: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
    var bytes = line
    for _ in 0..<Int.random(in: 1...3, using: &random) where !bytes.isEmpty {
      let index = Int.random(in: 0..<bytes.count, using: &random)
      switch Int.random(in: 0..<6, using: &random) {
      case 0: bytes[index] = UInt8.random(in: 0...255, using: &random)
      case 1:
        bytes.removeSubrange(
          index..<min(bytes.count, index + Int.random(in: 1...8, using: &random)))
      case 2: bytes.insert(contentsOf: Self.splices.randomElement(using: &random) ?? [], at: index)
      case 3: bytes.removeSubrange(index...)
      case 4: bytes[index] ^= 1 << UInt8.random(in: 0...7, using: &random)
      default:
        let end = min(bytes.count, index + Int.random(in: 1...40, using: &random))
        bytes.insert(contentsOf: bytes[index..<end], at: index)
      }
    }
    return bytes
  }

  @Test func mutatedRealLinesNeverCrashAndAgreeWithAReferenceParser() throws {
    let lines = try Fixtures.allLines().map { Array($0.utf8) }
    var random = SeededGenerator(state: 20_261_123)
    var decoded = 0
    var refused = 0
    for round in 0..<20_000 {
      let bytes = mutate(lines[round % lines.count], &random)
      let text = String(decoding: bytes, as: UTF8.self)
      // Foundation tolerates trailing commas (RFC 8259 forbids them) and refuses out-of-range
      // numbers, which gpsd reads as infinities; the decoder, like gpsd's json.c, also keeps raw
      // control bytes inside strings and treats form feed and vertical tab as whitespace. Those
      // known differences are not disagreements.
      let foundationAccepts =
        (try? JSONSerialization.jsonObject(with: Data(bytes))) is [String: Any]
        && text.firstMatch(of: /,\s*[}\]]/) == nil
      let isKnownDifference =
        text.firstMatch(of: /[eE][+-]?[0-9]{4,}/) != nil || bytes.contains { $0 < 0x20 }
      do {
        _ = try GPSDReport.decode(bytes)
        decoded += 1
        if !foundationAccepts, !isKnownDifference {
          Issue.record(
            "decoded a line Foundation rejects (round \(round)): \(String(decoding: bytes, as: UTF8.self))"
          )
        }
      } catch {
        refused += 1
        #expect(!error.description.isEmpty)
        switch error {
        case .malformedJSON, .truncated, .nestingTooDeep:
          if foundationAccepts {
            Issue.record(
              "refused a line Foundation accepts (round \(round)): \(error) \(String(decoding: bytes, as: UTF8.self))"
            )
          }
        default: break
        }
      }
    }
    // Both outcomes happen: mutations that hit unmodelled members still decode.
    #expect(decoded > 1000 && refused > 1000)
  }

  @Test func everyTruncationOfARealLineIsRefused() throws {
    for line in try Fixtures.lines("nmea-rtk").prefix(10) {
      let bytes = Array(line.utf8)
      for cut in 0..<bytes.count {
        #expect(throws: GPSDDecodingError.self) { try GPSDReport.decode(bytes[..<cut]) }
      }
    }
  }

  @Test func randomBinaryIsRefused() {
    var random = SeededGenerator(state: 7)
    for _ in 0..<2_000 {
      let bytes = (0..<Int.random(in: 1...300, using: &random)).map { _ in
        UInt8.random(in: 0...255, using: &random)
      }
      #expect(throws: GPSDDecodingError.self) { try GPSDReport.decode(bytes) }
    }
  }

  @Test func hugeAndTinyNumbers() throws {
    let line =
      #"{"class":"TPV","mode":3,"lat":1.7976931348623157e308,"lon":4.9e-324,"alt":123456789012345678901234567890}"#
    guard case .tpv(let tpv) = try GPSDReport.decode(line) else {
      Issue.record("expected a TPV report")
      return
    }
    #expect(tpv.lat == .greatestFiniteMagnitude)
    #expect(tpv.lon == Double.leastNonzeroMagnitude)  // 4.9e-324, the smallest subnormal
    #expect(tpv.alt == 1.2345678901234568e29)
  }
}
