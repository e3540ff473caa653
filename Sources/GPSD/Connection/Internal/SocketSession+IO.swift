import SensorsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension SocketSession {
  /// The session thread's body: connect, greet, then read until EOF, error or wake-up. Returns
  /// the socket for the thread to close, if one was opened.
  func run(wake: Int32, sink: @Sendable (ConnectionStateMachine.Input) -> Void) -> Int32? {
    let socket: Int32
    switch connect(wake: wake) {
    case .success(let connected):
      guard let connected else { return nil }
      socket = connected
    case .failure(let error):
      sink(.connectFailed(error))
      return nil
    }
    sink(.connected)
    switch write(greeting, to: socket, wake: wake) {
    case .woken: return socket
    case .failed(let error):
      sink(.disconnected(error))
      return socket
    case .written: break
    }
    readLoop(socket: socket, wake: wake, sink: sink)
    return socket
  }

  private enum WriteOutcome {
    case written
    case woken
    case failed(GPSDConnectionError)
  }

  /// Writes all of `bytes` without ever raising SIGPIPE, waiting for room with `poll()` (which
  /// the wake signal interrupts).
  private func write(_ bytes: [UInt8], to socket: Int32, wake: Int32) -> WriteOutcome {
    switch TCPSocket.send(bytes, to: socket, wake: wake) {
    case .sent: return .written
    case .woken: return .woken
    case .closedByPeer: return .failed(.closedByPeer)
    case .failed(let code):
      return .failed(.socket(operation: "send", errno: code, message: Self.message(code)))
    }
  }

  private func readLoop(
    socket: Int32, wake: Int32, sink: @Sendable (ConnectionStateMachine.Input) -> Void
  ) {
    var framer = GPSDLineFramer(maximumLineLength: maximumLineLength)
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var polls = PollSet()
    polls.add(socket, events: POLLIN)
    let woken = polls.add(wake, events: POLLIN)
    while true {
      // A failing poll() falls through to the read, which reports the error with its errno.
      _ = polls.wait(timeout: nil)
      if polls.isReady(woken) { return }
      let count = buffer.withUnsafeMutableBytes { raw in read(socket, raw.baseAddress, raw.count) }
      if count > 0 {
        buffer.withUnsafeBytes { raw in
          framer.append(UnsafeRawBufferPointer(rebasing: raw[..<count]))
        }
        framer.drainLines { line in
          if let onLine, case .success(let bytes) = line { onLine(bytes) }
          sink(.line(Self.decode(line)))
        }
      } else if count == 0 {
        sink(.disconnected(.closedByPeer))
        return
      } else {
        let code = errno
        if code == EINTR || code == EAGAIN || code == EWOULDBLOCK { continue }
        sink(
          .disconnected(
            code == ECONNRESET
              ? .closedByPeer : .socket(operation: "read", errno: code, message: Self.message(code))
          ))
        return
      }
    }
  }

  private static func decode(
    _ line: Result<UnsafeRawBufferPointer, GPSDDecodingError>
  ) -> Result<GPSDReport, GPSDDecodingError> {
    switch line {
    case .failure(let error): return .failure(error)
    case .success(let bytes):
      do {
        return .success(try GPSDReport.decode(bytes))
      } catch {
        return .failure(error)
      }
    }
  }

  /// Resolves the host and connects to the first address that answers; `.success(nil)` when woken.
  private func connect(wake: Int32) -> Result<Int32?, GPSDConnectionError> {
    switch TCPSocket.connect(host: host, port: port, timeout: connectTimeout, wake: wake) {
    case .success(let socket): return .success(socket)
    case .failure(.hostNotFound(let reason)):
      return .failure(.hostNotFound(host: host, reason: reason))
    case .failure(.refused): return .failure(.refused(host: host, port: port))
    case .failure(.accessDenied): return .failure(.accessDenied(host: host, port: port))
    case .failure(.timedOut): return .failure(.timedOut(host: host, port: port))
    case .failure(.system(let operation, let code)):
      return .failure(.socket(operation: operation, errno: code, message: Self.message(code)))
    }
  }
}
