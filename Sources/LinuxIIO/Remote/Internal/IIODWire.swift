import SensorsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One request's blocking conversation on a connected socket: send the command, then read
/// replies (``IIODReplyParser``) and raw blocks, each wait bounded by the timeout and cut short
/// by the client's wake signal. Runs on the client's serial queue, never on the concurrency pool.
struct IIODWire {
  let socket: Int32
  let wake: Int32
  let server: String
  let command: String
  let timeout: Duration
  /// Bytes received but not yet parsed.
  var pending: [UInt8]

  /// The most bytes one `read()` takes.
  static let readSize = 65_536

  /// Sends `bytes` (a command line, and a value for `WRITE`).
  func send(_ bytes: [UInt8]) throws(IIODError) {
    switch TCPSocket.send(bytes, to: socket, wake: wake, timeout: timeout) {
    case .sent: return
    case .woken: throw .closed(server: server)
    case .closedByPeer: throw .linkDropped(server: server)
    case .failed(let code) where code == ETIMEDOUT:
      throw .timedOut(server: server, command: command, after: timeout)
    case .failed(let code):
      throw .systemCallFailed(server: server, operation: "send", errno: code)
    }
  }

  /// Reads until a whole reply of the expected kind is parsed; an errno reply is thrown as
  /// ``IIODError/remoteError(server:command:errno:)``.
  mutating func reply(_ expectation: IIODReplyParser.Expectation) throws(IIODError)
    -> IIODReplyParser.Reply
  {
    while true {
      switch IIODReplyParser.parse(expectation, pending[...]) {
      case .needMore:
        try receive()
      case .reply(let reply, let consumed):
        pending.removeFirst(consumed)
        return reply
      case .remoteError(let code, let consumed):
        pending.removeFirst(consumed)
        throw .remoteError(server: server, command: command, errno: code)
      case .malformed(let detail):
        throw .malformedReply(server: server, command: command, detail: detail)
      case .tooLarge(let length, let limit):
        throw .replyTooLarge(server: server, command: command, length: length, limit: limit)
      }
    }
  }

  /// Reads exactly `count` raw bytes (a block of buffer data) and appends them to `output`.
  mutating func raw(_ count: Int, into output: inout [UInt8]) throws(IIODError) {
    var missing = count
    while missing > 0 {
      if pending.isEmpty { try receive() }
      let taken = min(missing, pending.count)
      output.append(contentsOf: pending[..<taken])
      pending.removeFirst(taken)
      missing -= taken
    }
  }

  /// One `read()` into ``pending``, after waiting at most the timeout.
  private mutating func receive() throws(IIODError) {
    switch TCPSocket.wait(socket: socket, events: POLLIN, wake: wake, timeout: timeout) {
    case .woken: throw .closed(server: server)
    case .timedOut: throw .timedOut(server: server, command: command, after: timeout)
    case .ready: break
    }
    var chunk = [UInt8](repeating: 0, count: Self.readSize)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
      if count > 0 {
        pending.append(contentsOf: chunk[..<count])
        return
      }
      if count == 0 { throw .linkDropped(server: server) }
      let code = errno
      if code == EINTR { continue }
      if code == EAGAIN || code == EWOULDBLOCK { return }
      if code == ECONNRESET || code == EPIPE { throw .linkDropped(server: server) }
      throw .systemCallFailed(server: server, operation: "read", errno: code)
    }
  }
}
