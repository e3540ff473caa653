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
    switch wait(
      socket: socket, events: POLLOUT, wake: wake, timeoutMilliseconds: milliseconds(timeout))
    {
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
  /// `wake` interrupts) at most `timeoutMilliseconds` each time (-1: no limit).
  package static func send(
    _ bytes: [UInt8], to socket: Int32, wake: Int32, timeoutMilliseconds: Int32 = -1
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
        switch wait(
          socket: socket, events: POLLOUT, wake: wake, timeoutMilliseconds: timeoutMilliseconds)
        {
        case .woken: return .woken
        case .timedOut: return .failed(errno: ETIMEDOUT)
        case .ready: continue
        }
      }
      return code == EPIPE || code == ECONNRESET ? .closedByPeer : .failed(errno: code)
    }
    return .sent
  }

  /// Waits until `socket` is ready for `events`, `wake` is readable (which wins), or the
  /// timeout passes (-1: no limit).
  package static func wait(socket: Int32, events: Int32, wake: Int32, timeoutMilliseconds: Int32)
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

  /// `duration` in whole milliseconds for `poll()`, at least 1, at most `Int32.max`.
  package static func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    let total = seconds.multipliedReportingOverflow(by: 1000)
    guard !total.overflow else { return Int32.max }
    return max(1, Int32(clamping: total.partialValue + attoseconds / 1_000_000_000_000_000))
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
