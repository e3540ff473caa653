/// The replies of iiod's text protocol (libiio 0.x, still spoken by iiod 1.x), parsed from the
/// front of the bytes received so far: a pure function, so a reply split anywhere across reads,
/// and any hostile byte, give a defined outcome.
///
/// - status: a decimal line, negative for an errno (`OPEN`, `CLOSE`, `WRITE`).
/// - payload: a decimal length line, that many bytes, then a newline (`READ`, `PRINT`); a
///   negative length is an errno. `READ` values end with a NUL the length counts.
/// - line: one text line (`VERSION`).
/// - chunk header: the decimal length of the next block of a `READBUF` reply (0 ends it, a
///   negative value is an errno); the first block's length line is followed by the channel
///   mask as hexadecimal words, one line.
public enum IIODReplyParser {
  /// The kind of reply a command gets.
  public enum Expectation: Equatable, Sendable {
    /// A number line (`OPEN`, `CLOSE`, `WRITE`).
    case status
    /// A length line, that many bytes (at most `limit`), a newline (`READ`, `PRINT`).
    case payload(limit: Int)
    /// One text line of at most `limit` bytes (`VERSION`).
    case line(limit: Int)
    /// The length line of a `READBUF` block, followed by the channel mask in the first block.
    case chunkHeader(withMask: Bool)
  }

  /// A whole reply.
  public enum Reply: Equatable, Sendable {
    /// A non-negative number.
    case status(Int)
    /// A value or description, without the trailing NUL `READ` values carry.
    case payload([UInt8])
    /// A line without its line end.
    case line(String)
    /// A `READBUF` block of `length` bytes to follow (0 ends the reply), with the channel mask
    /// in hexadecimal when the block is the first.
    case chunk(length: Int, mask: String?)
  }

  /// What the bytes received so far hold.
  public enum Outcome: Equatable, Sendable {
    /// The bytes hold no whole reply yet.
    case needMore
    /// A whole reply, and how many bytes it took.
    case reply(Reply, consumed: Int)
    /// iiod answered with this errno (positive), taking `consumed` bytes.
    case remoteError(errno: Int32, consumed: Int)
    /// The bytes cannot be the expected reply.
    case malformed(String)
    /// A payload length over the limit.
    case tooLarge(length: Int, limit: Int)
  }

  /// The longest number line accepted: a sign, 19 digits and a line end.
  public static let maximumNumberLine = 22
  /// The longest channel mask line: 8 hex digits per 32 channels, 4096 channels.
  public static let maximumMaskLine = 1040

  /// Parses the reply of the `expectation` kind at the front of `bytes`.
  public static func parse(_ expectation: Expectation, _ bytes: ArraySlice<UInt8>) -> Outcome {
    switch expectation {
    case .status:
      return number(bytes) { value, consumed in
        value < 0 ? errnoOutcome(value, consumed) : .reply(.status(value), consumed: consumed)
      }
    case .payload(let limit):
      return number(bytes) { length, consumed in
        guard length >= 0 else { return errnoOutcome(length, consumed) }
        guard length <= limit else { return .tooLarge(length: length, limit: limit) }
        let start = bytes.startIndex + consumed
        guard bytes.endIndex - start >= length + 1 else { return .needMore }
        guard bytes[start + length] == UInt8(ascii: "\n") else {
          return .malformed("the \(length)-byte value is not followed by a line end")
        }
        var value = Array(bytes[start..<(start + length)])
        if value.last == 0 { value.removeLast() }
        return .reply(.payload(value), consumed: consumed + length + 1)
      }
    case .line(let limit):
      guard let (line, consumed) = line(bytes, limit: limit) else {
        return bytes.count > limit ? .malformed("no line end in \(limit) bytes") : .needMore
      }
      return .reply(.line(String(decoding: line, as: UTF8.self)), consumed: consumed)
    case .chunkHeader(let withMask):
      return number(bytes) { length, consumed in
        guard length >= 0 else { return errnoOutcome(length, consumed) }
        guard withMask, length > 0 else {
          return .reply(.chunk(length: length, mask: nil), consumed: consumed)
        }
        let rest = bytes[(bytes.startIndex + consumed)...]
        guard let (mask, used) = line(rest, limit: maximumMaskLine) else {
          return rest.count > maximumMaskLine
            ? .malformed("the channel mask line is too long") : .needMore
        }
        guard !mask.isEmpty, mask.count % 8 == 0, mask.allSatisfy(isHexDigit) else {
          return .malformed(
            "the channel mask \(String(decoding: mask, as: UTF8.self).debugDescription) is not hexadecimal words"
          )
        }
        return .reply(
          .chunk(length: length, mask: String(decoding: mask, as: UTF8.self)),
          consumed: consumed + used)
      }
    }
  }

  private static func errnoOutcome(_ value: Int, _ consumed: Int) -> Outcome {
    guard value >= -4095 else { return .malformed("\(value) is not an errno") }
    return .remoteError(errno: Int32(-value), consumed: consumed)
  }

  /// Parses a decimal line at the front of `bytes` and continues with its value and length.
  private static func number(
    _ bytes: ArraySlice<UInt8>, _ then: (Int, Int) -> Outcome
  ) -> Outcome {
    guard let (line, consumed) = line(bytes, limit: maximumNumberLine) else {
      return bytes.count > maximumNumberLine ? .malformed("no line end after a number") : .needMore
    }
    let text = String(decoding: line, as: UTF8.self)
    let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
    guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      let value = Int(text)
    else { return .malformed("\(text.debugDescription) is not a number") }
    return then(value, consumed)
  }

  /// The first line of `bytes` without its `\n` (or `\r\n`), and the bytes it took; nil when
  /// no line end is within `limit` bytes.
  private static func line(_ bytes: ArraySlice<UInt8>, limit: Int)
    -> (ArraySlice<UInt8>, Int)?
  {
    let window = bytes.prefix(limit + 1)
    guard let end = window.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
    var line = bytes[bytes.startIndex..<end]
    if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
    return (line, end - bytes.startIndex + 1)
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
  }
}
