/// Why a line from gpsd could not be decoded into a ``GPSDReport``.
///
/// Every case names the byte offset (from the start of the line) where decoding stopped, so a person can
/// find the problem in a capture. A decoding error concerns one line only: a connection reports it and
/// carries on with the next line.
public enum GPSDDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The line was empty or held only whitespace.
  case emptyLine
  /// The bytes are not valid JSON at `offset`; `reason` says what was expected.
  case malformedJSON(offset: Int, reason: String)
  /// The line ended inside a value (a truncated line).
  case truncated(offset: Int)
  /// A string held bytes that are not valid UTF-8, or a bad escape.
  case invalidString(offset: Int, reason: String)
  /// Arrays or objects nested deeper than `limit` levels.
  case nestingTooDeep(offset: Int, limit: Int)
  /// The line is a JSON value but not an object, or the object has no string `"class"` member.
  case missingClass
  /// A member every report of `class` must have is absent.
  case missingMember(class: String, member: String)
  /// A member has the wrong JSON type or a value out of range (e.g. a non-finite or non-integer number).
  case invalidMember(class: String, member: String, offset: Int, reason: String)
  /// The line is longer than the framer allows; it was discarded up to the next newline.
  case lineTooLong(length: Int, limit: Int)

  public var description: String {
    switch self {
    case .emptyLine:
      "gpsd sent an empty line"
    case .malformedJSON(let offset, let reason):
      "gpsd line is not valid JSON at byte \(offset): \(reason)"
    case .truncated(let offset):
      "gpsd line ends in the middle of a value at byte \(offset) (truncated line?)"
    case .invalidString(let offset, let reason):
      "gpsd line has a bad string at byte \(offset): \(reason)"
    case .nestingTooDeep(let offset, let limit):
      "gpsd line nests arrays/objects deeper than \(limit) levels at byte \(offset)"
    case .missingClass:
      "gpsd line is not a JSON object with a string \"class\" member"
    case .missingMember(let reportClass, let member):
      "gpsd \(reportClass) report lacks its required \"\(member)\" member"
    case .invalidMember(let reportClass, let member, let offset, let reason):
      "gpsd \(reportClass) report has a bad \"\(member)\" at byte \(offset): \(reason)"
    case .lineTooLong(let length, let limit):
      "gpsd line of \(length)+ bytes exceeds the \(limit)-byte limit; skipped to the next newline"
    }
  }
}
