/// Why bytes are not a D-Bus message this client accepts. Each case names what was wrong and
/// where, so a log line shows whether the peer or the network is at fault.
public enum DBusDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Fewer bytes than the message needs: `needed` bytes at offset `offset`, `available` left.
  case truncated(offset: Int, needed: Int, available: Int)
  /// The first byte is neither `l` (little-endian) nor `B` (big-endian).
  case invalidEndianness(UInt8)
  /// The protocol version byte is not 1.
  case unsupportedVersion(UInt8)
  /// The message would be `length` bytes, over the `limit` (the specification's 128 MiB, or a
  /// lower limit the connection was given).
  case messageTooLarge(length: Int, limit: Int)
  /// An array claims `length` bytes, over the specification's 64 MiB.
  case arrayTooLong(length: Int, offset: Int)
  /// An array's elements do not end exactly where its length says.
  case arrayLengthMismatch(offset: Int)
  /// Containers (arrays, structures, variants) nested deeper than the specification's 64.
  case nestedTooDeeply(offset: Int)
  /// A signature breaks the specification's grammar.
  case invalidSignature(String, reason: String)
  /// A type this client does not handle (`h`, unix file descriptors).
  case unsupportedType(String)
  /// A boolean holds something other than 0 or 1.
  case invalidBoolean(UInt32, offset: Int)
  /// A string is not valid UTF-8, contains NUL, or lacks its terminating NUL.
  case invalidString(offset: Int)
  /// An object path breaks the specification's grammar.
  case invalidObjectPath(String)
  /// Padding bytes that are not zero.
  case nonZeroPadding(offset: Int)
  /// The serial is 0, which the specification forbids.
  case zeroSerial
  /// A header field required by the message's type is missing (`field` is its name).
  case missingHeaderField(String)
  /// A header field holds a value of the wrong type.
  case invalidHeaderField(code: UInt8, signature: String)
  /// The body holds something other than what the SIGNATURE header field says.
  case bodySignatureMismatch(expected: String)
  /// The message's type byte is none of the four the specification defines.
  case unknownMessageType(UInt8)
  /// A value cannot be written: `reason` says which and why.
  case unencodable(reason: String)

  /// What was wrong, for a person.
  public var description: String {
    switch self {
    case .truncated(let offset, let needed, let available):
      "D-Bus message truncated at byte \(offset): \(needed) bytes needed, \(available) left"
    case .invalidEndianness(let byte):
      "not a D-Bus message: endianness byte \(byte) is neither 'l' nor 'B'"
    case .unsupportedVersion(let version):
      "D-Bus protocol version \(version) is not supported (only 1)"
    case .messageTooLarge(let length, let limit):
      "D-Bus message of \(length) bytes exceeds the limit of \(limit) bytes"
    case .arrayTooLong(let length, let offset):
      "D-Bus array at byte \(offset) claims \(length) bytes, over the 64 MiB limit"
    case .arrayLengthMismatch(let offset):
      "D-Bus array at byte \(offset): its elements overrun its length"
    case .nestedTooDeeply(let offset):
      "D-Bus containers nested deeper than 64 at byte \(offset)"
    case .invalidSignature(let signature, let reason):
      "invalid D-Bus signature \"\(signature)\": \(reason)"
    case .unsupportedType(let code):
      "D-Bus type '\(code)' is not supported by this client"
    case .invalidBoolean(let value, let offset):
      "D-Bus boolean at byte \(offset) is \(value), not 0 or 1"
    case .invalidString(let offset):
      "D-Bus string at byte \(offset) is not NUL-terminated UTF-8 without NUL inside"
    case .invalidObjectPath(let path):
      "invalid D-Bus object path \"\(path.prefix(80))\""
    case .nonZeroPadding(let offset):
      "D-Bus padding at byte \(offset) is not zero"
    case .zeroSerial:
      "D-Bus message with serial 0"
    case .missingHeaderField(let field):
      "D-Bus message lacks its required \(field) header field"
    case .invalidHeaderField(let code, let signature):
      "D-Bus header field \(code) has the wrong type \(signature)"
    case .bodySignatureMismatch(let expected):
      "D-Bus message body does not match its signature \"\(expected)\""
    case .unknownMessageType(let type):
      "D-Bus message type \(type) is unknown"
    case .unencodable(let reason):
      "cannot encode D-Bus value: \(reason)"
    }
  }
}
