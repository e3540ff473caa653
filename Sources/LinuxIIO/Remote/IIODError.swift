#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Everything that can go wrong talking to a remote board's iiod (libiio's network daemon).
///
/// `server` names the daemon as `host:port`. ``description`` is a sentence a person can act on.
public enum IIODError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The address is not `HOST`, `HOST:PORT` or `[IPv6]:PORT` with a port from 1 to 65535.
  case invalidAddress(String)
  /// The host name could not be resolved (`reason` is the resolver's message).
  case hostNotFound(server: String, reason: String)
  /// Nothing listens on the port (`ECONNREFUSED`): iiod is not running there.
  case refused(server: String)
  /// No answer within `after` (connecting, or waiting for a reply to `command`).
  case timedOut(server: String, command: String?, after: Duration)
  /// The connection was closed or reset by the board or the network, or lost.
  case linkDropped(server: String)
  /// iiod answered `command` with a negative errno (`-19`: no such device, `-22`: invalid
  /// argument, `-110`: a buffer read timed out on the board).
  case remoteError(server: String, command: String, errno: Int32)
  /// A reply to `command` does not follow the protocol: `detail` says what was wrong.
  case malformedReply(server: String, command: String, detail: String)
  /// The context description (`PRINT`) is not the XML libiio writes: `detail` says where.
  case malformedContext(server: String, detail: String)
  /// A reply announced more than the client accepts (`limit` bytes): a garbled length line, or
  /// a context too large to be a board's.
  case replyTooLarge(server: String, command: String, length: Int, limit: Int)
  /// The client was closed (by ``IIODClient/close()`` or a cancelled task) before or during
  /// the request.
  case closed(server: String)
  /// Another failing system call, with its `errno`.
  case systemCallFailed(server: String, operation: String, errno: Int32)
  /// Nothing has been asked of the board yet (a client over iiod looks at it when the first
  /// motion manager is created).
  case notConnected(server: String)

  /// Whether the connection is unusable after this error (the client retires it): every error
  /// but an errno reply, which is read whole and leaves the conversation in step.
  public var retiresConnection: Bool {
    if case .remoteError = self { return false }
    return true
  }

  /// A message naming what failed, where, and what to try.
  public var description: String {
    switch self {
    case .invalidAddress(let text):
      return "\(text.debugDescription) is not an iiod address: write HOST, HOST:PORT or "
        + "[IPv6]:PORT (the port defaults to 30431)."
    case .hostNotFound(let server, let reason):
      return "Cannot resolve the iiod host of \(server): \(reason)."
    case .refused(let server):
      return "Nothing listens at \(server): is iiod running on the board (`iiod` or "
        + "`systemctl start iiod`), and is that its port?"
    case .timedOut(let server, let command, let after):
      let what = command.map { "a reply to \($0)" } ?? "the connection"
      return "iiod at \(server) did not answer (\(what)) within \(after): check the network "
        + "and that the board is up."
    case .linkDropped(let server):
      return "The connection to iiod at \(server) was lost (closed or reset)."
    case .remoteError(let server, let command, let code):
      return "iiod at \(server) refused \(command): \(String(cString: strerror(code))) "
        + "(errno \(code))."
    case .malformedReply(let server, let command, let detail):
      return "iiod at \(server) sent a malformed reply to \(command): \(detail). Is that "
        + "port really iiod (libiio 0.x protocol)?"
    case .malformedContext(let server, let detail):
      return "The context description from iiod at \(server) is malformed: \(detail)."
    case .replyTooLarge(let server, let command, let length, let limit):
      return "iiod at \(server) announced \(length) bytes for \(command), more than the "
        + "\(limit) accepted."
    case .closed(let server):
      return "The iiod client for \(server) was closed."
    case .notConnected(let server):
      return "The board at \(server) has not been looked at yet: create a motion manager first."
    case .systemCallFailed(let server, let operation, let code):
      return "\(operation) for iiod at \(server) failed: \(String(cString: strerror(code))) "
        + "(errno \(code))."
    }
  }
}
