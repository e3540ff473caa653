/// Why the connection to gpsd failed or a line from it was refused.
///
/// Messages say what to do: most connection failures mean gpsd is not running or not reachable.
public enum GPSDConnectionError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Nothing listens at the address (ECONNREFUSED): gpsd is not running there.
  case refused(host: String, port: UInt16)
  /// The system refused access to the socket (EACCES / EPERM), e.g. a sandbox or firewall rule.
  case accessDenied(host: String, port: UInt16)
  /// The host name could not be resolved.
  case hostNotFound(host: String, reason: String)
  /// Connecting took longer than the configured connect timeout.
  case timedOut(host: String, port: UInt16)
  /// Another socket call failed; `errno` is the C error number.
  case socket(operation: String, errno: Int32, message: String)
  /// gpsd closed the connection (it exited, was killed, or dropped the client).
  case closedByPeer
  /// gpsd answered the WATCH request without enabling JSON reports (a malformed or refused request).
  case watchRejected(WatchReport)
  /// gpsd speaks a protocol major version this module does not know (it knows 3).
  case unsupportedProtocol(major: Int, minor: Int)
  /// One line could not be decoded; the connection carries on with the next line.
  case decoding(GPSDDecodingError)

  public var description: String {
    switch self {
    case .refused(let host, let port):
      "gpsd is not running at \(host):\(port) (connection refused); start it with `gpsd` or check GPSD_HOST/GPSD_PORT"
    case .accessDenied(let host, let port):
      "access to gpsd at \(host):\(port) was denied by the system (EACCES); check permissions or firewall rules"
    case .hostNotFound(let host, let reason):
      "cannot resolve gpsd host \(host): \(reason)"
    case .timedOut(let host, let port):
      "connecting to gpsd at \(host):\(port) timed out; is the host reachable?"
    case .socket(let operation, let errno, let message):
      "socket \(operation) failed: \(message) (errno \(errno))"
    case .closedByPeer:
      "gpsd closed the connection (it exited or was restarted)"
    case .watchRejected(let reply):
      "gpsd refused the WATCH request (reply json=\(reply.json.map(String.init) ?? "absent")); check the watch command"
    case .unsupportedProtocol(let major, let minor):
      "gpsd speaks protocol \(major).\(minor); this client understands protocol 3"
    case .decoding(let error):
      error.description
    }
  }
}
