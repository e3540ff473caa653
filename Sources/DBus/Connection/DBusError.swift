/// Everything that can go wrong talking to a bus: values a caller can switch on, each with a
/// ``description`` a person can act on.
public enum DBusError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The bus address could not be parsed (`reason` says why).
  case invalidAddress(String, reason: String)
  /// The address names no transport this client speaks (only `unix:path=` and
  /// `unix:abstract=` are supported).
  case unsupportedAddress(String)
  /// No session bus: `DBUS_SESSION_BUS_ADDRESS` is unset and `$XDG_RUNTIME_DIR/bus` is absent.
  case noSessionBus
  /// The bus socket at `path` could not be reached: nothing listens there (ENOENT,
  /// ECONNREFUSED), access was refused (EACCES), or another `errno`.
  case unreachable(path: String, errno: Int32, reason: String)
  /// The bus refused the `EXTERNAL` authentication (`reply` is its answer).
  case authenticationRejected(reply: String)
  /// The peer broke the protocol: a message this client cannot read. The connection is closed.
  case protocolViolation(DBusDecodingError)
  /// A message to send is invalid (an object path, a signature, a string with NUL).
  case invalidMessage(DBusDecodingError)
  /// The bus closed the connection, or it broke (`reason` says how).
  case disconnected(reason: String)
  /// The program owning the bus name `name` left the bus (it exited, crashed, or was
  /// replaced), so its objects, claims and clients are gone; a subscription watching it ended.
  case serviceLeft(name: String)
  /// A system call failed: `operation` and its `errno`.
  case system(operation: String, errno: Int32, reason: String)
  /// The peer answered with an error: its name (such as
  /// `org.freedesktop.DBus.Error.AccessDenied`) and message.
  case remote(name: String, message: String)
  /// No reply to `member` within `timeout`.
  case timedOut(member: String, timeout: Duration)
  /// The calling task was cancelled before the reply came.
  case cancelled
  /// The connection was closed by its owner.
  case closed
  /// A reply or property had another type than the caller expected: `what` names it,
  /// `signature` is what came.
  case unexpectedReply(what: String, signature: String)

  /// The remote error name for access refusals.
  public static let accessDeniedName = "org.freedesktop.DBus.Error.AccessDenied"
  /// The remote error name when no program owns the destination name.
  public static let serviceUnknownName = "org.freedesktop.DBus.Error.ServiceUnknown"

  /// Whether this says the service called is not on the bus (any more): it left
  /// (``serviceLeft(name:)``), it has no owner (`ServiceUnknown`, `NameHasNoOwner`), or it left
  /// while a call was waiting for its answer (`NoReply`). A client that knew the service may
  /// wait for it to come back (``DBusConnection/waitForOwner(of:)``).
  public var isServiceGone: Bool {
    if case .serviceLeft = self { return true }
    return [
      Self.serviceUnknownName, "org.freedesktop.DBus.Error.NameHasNoOwner",
      "org.freedesktop.DBus.Error.NoReply",
    ].contains(remoteName ?? "")
  }

  /// The remote error's name, when this is ``remote(name:message:)``.
  public var remoteName: String? {
    if case .remote(let name, _) = self { return name }
    return nil
  }

  /// What went wrong, for a person.
  public var description: String {
    switch self {
    case .invalidAddress(let address, let reason):
      return "The D-Bus address \"\(address)\" is invalid: \(reason)."
    case .unsupportedAddress(let address):
      return "The D-Bus address \"\(address)\" names no unix socket (only unix:path= and "
        + "unix:abstract= are supported)."
    case .noSessionBus:
      return "No session bus: DBUS_SESSION_BUS_ADDRESS is unset and $XDG_RUNTIME_DIR/bus does not "
        + "exist. Run inside a desktop session or `dbus-run-session`."
    case .unreachable(let path, let code, let reason):
      return "The D-Bus socket \(path) cannot be reached (\(reason), errno \(code)). Check that "
        + "dbus-daemon runs, or set DBUS_SYSTEM_BUS_ADDRESS / DBUS_SESSION_BUS_ADDRESS."
    case .authenticationRejected(let reply):
      return "The bus refused EXTERNAL authentication (it answered \"\(reply.prefix(80))\")."
    case .protocolViolation(let error):
      return "The bus sent a message this client cannot read (\(error)); the connection was closed."
    case .invalidMessage(let error):
      return "The message cannot be sent: \(error)."
    case .disconnected(let reason):
      return "The D-Bus connection was lost (\(reason))."
    case .serviceLeft(let name):
      return "\(name) left the bus: the service exited or was restarted."
    case .system(let operation, let code, let reason):
      return "\(operation) failed on the D-Bus connection: \(reason) (errno \(code))."
    case .remote(let name, let message):
      return "The service answered with \(name): \(message)"
    case .timedOut(let member, let timeout):
      return "No reply to \(member) within \(timeout); the service may be hung or waiting for "
        + "an agent."
    case .cancelled:
      return "The D-Bus call was cancelled."
    case .closed:
      return "The D-Bus connection is closed."
    case .unexpectedReply(let what, let signature):
      return "\(what) had the unexpected D-Bus type \"\(signature)\"."
    }
  }
}
