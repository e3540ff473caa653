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

/// `socket(2)`, `connect(2)` and `send(2)`, named so ``TCPSocket``'s methods do not hide them.
private func openSocket(_ family: Int32, _ type: Int32, _ proto: Int32) -> Int32 {
  socket(family, type, proto)
}

private func connectSocket(
  _ descriptor: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t
) -> Int32 {
  connect(descriptor, address, length)
}

private func sendBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
}

/// The blocking TCP steps the layer-0 clients (gpsd, iiod) share, each interruptible by a
/// ``WakeSignal`` descriptor: resolve and connect with a timeout, send everything without
/// SIGPIPE, and wait for a socket with `poll()`. The sockets are non-blocking and close-on-exec;
/// the caller owns and closes them.
package enum TCPSocket {
  /// Why a connection could not be made.
  package enum ConnectFailure: Error, Sendable, Hashable {
    /// `getaddrinfo` failed, with its message.
    case hostNotFound(reason: String)
    /// `ECONNREFUSED`: nothing listens on the port.
    case refused
    /// `EACCES`/`EPERM`: a firewall or policy refused.
    case accessDenied
    /// No answer within the timeout (or `ETIMEDOUT`).
    case timedOut
    /// Another failing system call.
    case system(operation: String, errno: Int32)
  }

  /// What a wait on a socket ended with.
  package enum Wait: Sendable, Equatable {
    case ready
    case woken
    case timedOut
  }

  /// What sending ended with.
  package enum SendOutcome: Sendable, Equatable {
    case sent
    case woken
    /// The peer closed the connection (`EPIPE`, `ECONNRESET`).
    case closedByPeer
    /// Another error, with its `errno`.
    case failed(errno: Int32)
  }

  /// Resolves `host` and connects to the first address that answers within `timeout` each;
  /// `.success(nil)` when `wake` became readable first.
  package static func connect(host: String, port: UInt16, timeout: Duration, wake: Int32)
    -> Result<Int32?, ConnectFailure>
  {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = streamSocket
    hints.ai_protocol = Int32(IPPROTO_TCP)
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0 else {
      return .failure(.hostNotFound(reason: String(cString: gai_strerror(status))))
    }
    defer { freeaddrinfo(list) }
    var lastError = ConnectFailure.hostNotFound(reason: "no address")
    var cursor = list
    while let info = cursor {
      cursor = info.pointee.ai_next
      switch attempt(info.pointee, timeout: timeout, wake: wake) {
      case .success(let socket): return .success(socket)
      case .failure(let error): lastError = error
      }
    }
    return .failure(lastError)
  }

  private static func attempt(_ info: addrinfo, timeout: Duration, wake: Int32)
    -> Result<Int32?, ConnectFailure>
  {
    let socket = openSocket(info.ai_family, info.ai_socktype | closeOnExec, info.ai_protocol)
    guard socket >= 0 else { return .failure(failure("socket", errno)) }
    _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
    if connectSocket(socket, info.ai_addr, info.ai_addrlen) == 0 { return .success(socket) }
    let code = errno
    guard code == EINPROGRESS || code == EINTR else {
      close(socket)
      return .failure(failure("connect", code))
    }
    switch wait(socket: socket, events: POLLOUT, wake: wake, timeout: timeout) {
    case .woken:
      close(socket)
      return .success(nil)
    case .timedOut:
      close(socket)
      return .failure(.timedOut)
    case .ready:
      var error: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &length)
      guard error == 0 else {
        close(socket)
        return .failure(failure("connect", error))
      }
      return .success(socket)
    }
  }

  /// Sends all of `bytes` without ever raising SIGPIPE, waiting for room with `poll()` (which
  /// `wake` interrupts) at most `timeout` each time (nil: no limit).
  package static func send(
    _ bytes: [UInt8], to socket: Int32, wake: Int32, timeout: Duration? = nil
  ) -> SendOutcome {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return sendBytes(socket, base + offset, bytes.count - offset)
      }
      if sent >= 0 {
        offset += sent
        continue
      }
      let code = errno
      if code == EINTR { continue }
      if code == EAGAIN || code == EWOULDBLOCK {
        switch wait(socket: socket, events: POLLOUT, wake: wake, timeout: timeout) {
        case .woken: return .woken
        case .timedOut: return .failed(errno: ETIMEDOUT)
        case .ready: continue
        }
      }
      return code == EPIPE || code == ECONNRESET ? .closedByPeer : .failed(errno: code)
    }
    return .sent
  }

  /// Waits until `socket` is ready for `events`, `wake` is readable (which wins), or `timeout`
  /// passes (nil: no limit). A failing `poll()` counts as ready: the read or send that follows
  /// reports the error with its `errno`.
  package static func wait(socket: Int32, events: Int32, wake: Int32, timeout: Duration?)
    -> Wait
  {
    var polls = PollSet()
    polls.add(socket, events: events)
    let woken = polls.add(wake, events: POLLIN)
    let outcome = polls.wait(timeout: timeout)
    if polls.isReady(woken) { return .woken }
    return outcome == .timedOut ? .timedOut : .ready
  }

  private static func failure(_ operation: String, _ code: Int32) -> ConnectFailure {
    switch code {
    case ECONNREFUSED: .refused
    case EACCES, EPERM: .accessDenied
    case ETIMEDOUT: .timedOut
    default: .system(operation: operation, errno: code)
    }
  }
}
