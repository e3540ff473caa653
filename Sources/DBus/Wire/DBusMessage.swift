/// One D-Bus message: a method call, a reply, an error or a signal, with its header fields and
/// body.
///
/// ``encoded()`` writes it (little-endian); ``decode(_:maximumLength:)`` reads one from bytes in
/// either byte order, a pure function that checks every length and limit before use.
public struct DBusMessage: Hashable, Sendable {
  /// The four kinds of message.
  public enum Kind: UInt8, Hashable, Sendable {
    /// A method call (1).
    case methodCall = 1
    /// A method's reply (2).
    case methodReturn = 2
    /// An error reply (3).
    case error = 3
    /// A signal (4).
    case signal = 4
  }

  /// The kind of message.
  public var kind: Kind
  /// Header flags: 0x1 no reply expected, 0x2 no auto-start, 0x4 interactive authorization.
  public var flags: UInt8
  /// The sender's serial for this message, never 0 on the wire.
  public var serial: UInt32
  /// The object the call is for or the signal comes from.
  public var path: String?
  /// The interface of the method or signal.
  public var interface: String?
  /// The method or signal name.
  public var member: String?
  /// The error's name, for ``Kind/error``.
  public var errorName: String?
  /// The serial of the call this replies to.
  public var replySerial: UInt32?
  /// The bus name the message is for.
  public var destination: String?
  /// The unique bus name of the sender (filled in by the bus).
  public var sender: String?
  /// The body's values, in order; their types make up the SIGNATURE header field.
  public var body: [DBusValue]

  /// The flag asking the callee not to reply.
  public static let noReplyExpected: UInt8 = 0x1

  /// Creates a message.
  public init(
    kind: Kind, flags: UInt8 = 0, serial: UInt32 = 1, path: String? = nil,
    interface: String? = nil, member: String? = nil, errorName: String? = nil,
    replySerial: UInt32? = nil, destination: String? = nil, sender: String? = nil,
    body: [DBusValue] = []
  ) {
    self.kind = kind
    self.flags = flags
    self.serial = serial
    self.path = path
    self.interface = interface
    self.member = member
    self.errorName = errorName
    self.replySerial = replySerial
    self.destination = destination
    self.sender = sender
    self.body = body
  }

  /// A method call to `member` of `interface` on the object `path` of `destination`.
  public static func methodCall(
    destination: String?, path: String, interface: String?, member: String,
    body: [DBusValue] = []
  ) -> DBusMessage {
    DBusMessage(
      kind: .methodCall, path: path, interface: interface, member: member,
      destination: destination, body: body)
  }

  /// The signature of the body, as the SIGNATURE header field spells it.
  public var signature: String { body.map(\.type.description).joined() }

  /// The error message of an ``Kind/error`` reply: its first string argument, when it has one.
  public var errorMessage: String? {
    guard kind == .error, case .string(let text)? = body.first else { return nil }
    return text
  }
}
