#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The state of one iiod connection, as one enum under the client's lock. Requests run one at a
/// time on the client's serial queue; a request owns the socket while it runs (`busy`), so
/// ``IIODClient/close()`` from another task never closes a descriptor under it: it only marks
/// the connection `closing` and wakes the request, which closes the socket when it returns.
///
/// Every transition returns what the caller must do after unlocking.
enum IIODConnectionState: Sendable {
  /// Not connected yet: the first request connects.
  case idle
  /// A request is connecting.
  case connecting
  /// Connected, no request running; `pending` holds bytes read past the last reply.
  case ready(socket: Int32, pending: [UInt8])
  /// A request owns the socket.
  case busy(socket: Int32)
  /// Closed while a request ran: the request closes the socket when it returns.
  case closing
  /// Closed for good.
  case closed
  /// The link broke (the socket is closed): every request fails with this error.
  case failed(IIODError)

  enum Begin: Equatable {
    /// Connect first, then call ``connected(_:)``.
    case connect
    /// Use this socket and the bytes already read.
    case use(socket: Int32, pending: [UInt8])
    /// Fail the request.
    case fail(IIODError)
  }

  /// A request is about to run.
  mutating func begin(server: String) -> Begin {
    switch self {
    case .idle:
      self = .connecting
      return .connect
    case .ready(let socket, let pending):
      self = .busy(socket: socket)
      return .use(socket: socket, pending: pending)
    case .failed(let error):
      return .fail(error)
    case .connecting, .busy, .closing, .closed:
      return .fail(.closed(server: server))
    }
  }

  /// The connect of ``begin(server:)`` ended; returns false (and the caller closes `socket`)
  /// when the client was closed meanwhile.
  mutating func connected(_ result: Result<Int32, IIODError>) -> Bool {
    guard case .connecting = self else {
      if case .closing = self { self = .closed }
      return false
    }
    switch result {
    case .success(let socket):
      self = .busy(socket: socket)
      return true
    case .failure:
      // A failed connect leaves the client as it was: the next request tries again.
      self = .idle
      return false
    }
  }

  /// The request that owned `socket` ended; `linkError` (a dropped, garbled or timed-out link)
  /// retires the connection. Returns the socket to close, if any.
  mutating func end(socket: Int32, pending: [UInt8], linkError: IIODError?) -> Int32? {
    switch self {
    case .busy:
      if let linkError {
        self = .failed(linkError)
        return socket
      }
      self = .ready(socket: socket, pending: pending)
      return nil
    case .closing:
      self = .closed
      return socket
    case .idle, .connecting, .ready, .closed, .failed:
      return socket
    }
  }

  /// ``IIODClient/close()``: returns the socket to close now, if one is idle.
  mutating func close() -> Int32? {
    switch self {
    case .ready(let socket, _):
      self = .closed
      return socket
    case .busy, .connecting:
      self = .closing
      return nil
    case .idle, .failed:
      self = .closed
      return nil
    case .closing, .closed:
      return nil
    }
  }
}
