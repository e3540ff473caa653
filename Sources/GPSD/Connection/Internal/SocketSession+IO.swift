#if canImport(Glibc)
  import Glibc

  /// `SOCK_STREAM` and `SOCK_CLOEXEC`: an enum in glibc's headers, plain integers elsewhere.
  private let streamSocket = Int32(SOCK_STREAM.rawValue)
  private let closeOnExec = Int32(SOCK_CLOEXEC.rawValue)
#elseif canImport(Musl)
  import Musl

  private let streamSocket = SOCK_STREAM
  private let closeOnExec = SOCK_CLOEXEC
#endif

/// `socket(2)`, named so the session's `socket` variables do not hide it.
private func openSocket(_ family: Int32, _ type: Int32, _ proto: Int32) -> Int32 {
  socket(family, type, proto)
}

/// `connect(2)`, named so the session's `connect(wake:)` does not hide it.
private func connectSocket(
  _ descriptor: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t
) -> Int32 {
  connect(descriptor, address, length)
}

extension SocketSession {
  private enum Wait {
    case ready
    case woken
    case timedOut
  }

  /// The session thread's body: connect, greet, then read until EOF, error or wake-up. Returns
  /// the socket for the thread to close, if one was opened.
  func run(wake: Int32, sink: @Sendable (SessionEvent) -> Void) -> Int32? {
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
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return send(socket, base + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
      }
      if sent >= 0 {
        offset += sent
        continue
      }
      let code = errno
      if code == EINTR { continue }
      if code == EAGAIN || code == EWOULDBLOCK {
        if case .woken = waitFor(
          socket: socket, events: POLLOUT, wake: wake, timeoutMilliseconds: -1)
        {
          return .woken
        }
        continue
      }
      return .failed(
        code == EPIPE || code == ECONNRESET
          ? .closedByPeer : .socket(operation: "send", errno: code, message: Self.message(code)))
    }
    return .written
  }

  private func readLoop(socket: Int32, wake: Int32, sink: @Sendable (SessionEvent) -> Void) {
    var framer = GPSDLineFramer(maximumLineLength: maximumLineLength)
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      switch waitFor(socket: socket, events: POLLIN, wake: wake, timeoutMilliseconds: -1) {
      case .woken: return
      case .timedOut, .ready: break
      }
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
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = streamSocket
    hints.ai_protocol = Int32(IPPROTO_TCP)
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0 else {
      return .failure(.hostNotFound(host: host, reason: String(cString: gai_strerror(status))))
    }
    defer { freeaddrinfo(list) }
    var lastError = GPSDConnectionError.hostNotFound(host: host, reason: "no address")
    var cursor = list
    while let info = cursor {
      cursor = info.pointee.ai_next
      switch attempt(info.pointee, wake: wake) {
      case .success(let socket): return .success(socket)
      case .failure(let error): lastError = error
      }
    }
    return .failure(lastError)
  }

  private func attempt(_ info: addrinfo, wake: Int32) -> Result<Int32?, GPSDConnectionError> {
    let socket = openSocket(info.ai_family, info.ai_socktype | closeOnExec, info.ai_protocol)
    guard socket >= 0 else { return .failure(socketError("socket", errno)) }
    _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
    if connectSocket(socket, info.ai_addr, info.ai_addrlen) == 0 { return .success(socket) }
    let code = errno
    guard code == EINPROGRESS || code == EINTR else {
      close(socket)
      return .failure(socketError("connect", code))
    }
    let milliseconds = Int32(
      clamping: connectTimeout.components.seconds * 1000 + connectTimeout.components.attoseconds
        / 1_000_000_000_000_000)
    switch waitFor(
      socket: socket, events: POLLOUT, wake: wake, timeoutMilliseconds: max(1, milliseconds))
    {
    case .woken:
      close(socket)
      return .success(nil)
    case .timedOut:
      close(socket)
      return .failure(.timedOut(host: host, port: port))
    case .ready:
      var failure: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      getsockopt(socket, SOL_SOCKET, SO_ERROR, &failure, &length)
      guard failure == 0 else {
        close(socket)
        return .failure(socketError("connect", failure))
      }
      return .success(socket)
    }
  }

  private func waitFor(socket: Int32, events: Int32, wake: Int32, timeoutMilliseconds: Int32)
    -> Wait
  {
    var entries = [
      pollfd(fd: socket, events: Int16(events), revents: 0),
      pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let ready = poll(&entries, 2, timeoutMilliseconds)
      if ready < 0, errno == EINTR { continue }
      if entries[1].revents != 0 { return .woken }
      return ready == 0 ? .timedOut : .ready
    }
  }

  private func socketError(_ operation: String, _ code: Int32) -> GPSDConnectionError {
    switch code {
    case ECONNREFUSED: .refused(host: host, port: port)
    case EACCES, EPERM: .accessDenied(host: host, port: port)
    case ETIMEDOUT: .timedOut(host: host, port: port)
    default: .socket(operation: operation, errno: code, message: Self.message(code))
    }
  }
}
