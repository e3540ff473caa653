import SensorsCore

#if canImport(Glibc)
  import Glibc

  private let streamSocket = Int32(SOCK_STREAM.rawValue)
  private let closeOnExec = Int32(SOCK_CLOEXEC.rawValue)
#elseif canImport(Musl)
  import Musl

  private let streamSocket = SOCK_STREAM
  private let closeOnExec = SOCK_CLOEXEC
#endif

/// `send(2)`, named so the transport's `send(_:)` does not hide it.
private func sendBytes(
  _ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32
) -> Int {
  send(descriptor, bytes, count, flags)
}

/// The longest line the bus may send during authentication.
private let maximumAuthLine = 16_384

extension DBusTransport {
  /// Why the I/O loop stopped early.
  private enum Stop: Error {
    case stopped
    case failed(DBusError)
  }

  /// The thread's body; returns why it ended (``DBusError/closed`` when stopped).
  func run(sink: @Sendable (TransportEvent) -> Void) -> DBusError {
    let socket: Int32
    switch connectSocket() {
    case .success(let descriptor): socket = descriptor
    case .failure(let error): return error
    }
    defer { close(socket) }
    var input: [UInt8] = []
    do {
      try authenticate(socket, input: &input)
      sink(.authenticated)
      try messageLoop(socket, input: &input, sink: sink)
      return .closed
    } catch {
      switch error {
      case .stopped: return .closed
      case .failed(let failure): return failure
      }
    }
  }

  private func connectSocket() -> Result<Int32, DBusError> {
    let descriptor = socket(AF_UNIX, streamSocket | closeOnExec, 0)
    guard descriptor >= 0 else {
      return .failure(.system(operation: "socket", errno: errno, reason: Self.reason(errno)))
    }
    var storage = sockaddr_un()
    storage.sun_family = sa_family_t(AF_UNIX)
    let name = Array(address.path.utf8)
    let capacity = MemoryLayout.size(ofValue: storage.sun_path)
    let offset = address.isAbstract ? 1 : 0
    guard name.count + offset < capacity else {
      close(descriptor)
      return .failure(.invalidAddress(address.description, reason: "the path is too long"))
    }
    withUnsafeMutableBytes(of: &storage.sun_path) { raw in
      for (index, byte) in name.enumerated() { raw[index + offset] = byte }
    }
    let length = socklen_t(
      MemoryLayout<sockaddr_un>.offset(of: \.sun_path).map {
        $0 + offset + name.count + (address.isAbstract ? 0 : 1)
      }
        ?? MemoryLayout<sockaddr_un>.size)
    let status = withUnsafePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, length) }
    }
    guard status == 0 else {
      let code = errno
      close(descriptor)
      return .failure(.unreachable(path: address.path, errno: code, reason: Self.reason(code)))
    }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    return .success(descriptor)
  }

  /// The `EXTERNAL` exchange: a NUL, `AUTH EXTERNAL <uid in hex>`, `OK <guid>`, `BEGIN`. Bytes
  /// the bus sends after its `OK` line stay in `input`.
  private func authenticate(_ socket: Int32, input: inout [UInt8]) throws(Stop) {
    let uid = Array(String(getuid()).utf8).map { byte in
      let digits = Array("0123456789abcdef".utf8)
      return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
    }.joined()
    try writeAll(Array("\0AUTH EXTERNAL \(uid)\r\n".utf8), to: socket)
    let reply = try readLine(socket, input: &input)
    guard reply.hasPrefix("OK ") else {
      throw .failed(.authenticationRejected(reply: reply))
    }
    try writeAll(Array("BEGIN\r\n".utf8), to: socket)
  }

  private func readLine(_ socket: Int32, input: inout [UInt8]) throws(Stop) -> String {
    while true {
      if let end = input.firstIndex(of: UInt8(ascii: "\n")) {
        var line = Array(input[..<end])
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        input.removeFirst(end + 1)
        return String(decoding: line, as: UTF8.self)
      }
      guard input.count < maximumAuthLine else {
        throw .failed(.authenticationRejected(reply: "a line longer than 16 KiB"))
      }
      try readSome(socket, into: &input)
    }
  }

  /// Reads whatever is there (waiting for it); throws at end of stream.
  private func readSome(_ socket: Int32, into input: inout [UInt8]) throws(Stop) {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
      if count > 0 {
        input.append(contentsOf: chunk[..<count])
        return
      }
      if count == 0 { throw .failed(.disconnected(reason: "the bus closed the connection")) }
      let code = errno
      if code == EINTR { continue }
      guard code == EAGAIN || code == EWOULDBLOCK else { throw failure("read", code) }
      _ = try wait(socket, events: POLLIN)
    }
  }

  private func writeAll(_ bytes: [UInt8], to socket: Int32) throws(Stop) {
    var offset = 0
    while offset < bytes.count {
      offset += try writeSome(bytes[offset...], to: socket)
      if offset < bytes.count { _ = try wait(socket, events: POLLOUT) }
    }
  }

  /// Writes what the socket takes now; 0 when it is full.
  private func writeSome(_ bytes: ArraySlice<UInt8>, to socket: Int32) throws(Stop) -> Int {
    while true {
      let sent = bytes.withUnsafeBytes { raw in
        sendBytes(socket, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
      }
      if sent >= 0 { return sent }
      let code = errno
      if code == EINTR { continue }
      if code == EAGAIN || code == EWOULDBLOCK { return 0 }
      throw failure("send", code)
    }
  }

  /// Reads and frames messages, and writes the outbox, until stopped or the socket ends.
  private func messageLoop(
    _ socket: Int32, input: inout [UInt8], sink: @Sendable (TransportEvent) -> Void
  ) throws(Stop) {
    var output: [UInt8] = []
    while true {
      try deliverMessages(from: &input, sink: sink)
      output += outbox.withLock { queued -> [UInt8] in
        defer { queued?.removeAll(keepingCapacity: true) }
        return queued ?? []
      }
      if !output.isEmpty {
        let written = try writeSome(output[...], to: socket)
        output.removeFirst(written)
      }
      let ready = try wait(socket, events: output.isEmpty ? POLLIN : POLLIN | POLLOUT)
      if ready.readable { try readSome(socket, into: &input) }
      if ready.kicked { drainKick() }
    }
  }

  private func deliverMessages(
    from input: inout [UInt8], sink: @Sendable (TransportEvent) -> Void
  ) throws(Stop) {
    while true {
      let length: Int?
      do {
        length = try DBusMessage.frameLength(of: input, maximumLength: maximumMessageLength)
      } catch {
        throw .failed(.protocolViolation(error))
      }
      guard let length, input.count >= length else { return }
      let frame = Array(input[..<length])
      input.removeFirst(length)
      do {
        sink(.message(try DBusMessage.decode(frame, maximumLength: maximumMessageLength)))
      } catch .unknownMessageType {
        // The specification asks receivers to ignore message types they do not know.
        continue
      } catch {
        throw .failed(.protocolViolation(error))
      }
    }
  }

  private func drainKick() {
    var scratch = [UInt8](repeating: 0, count: 64)
    let descriptor = kick.descriptor
    guard descriptor >= 0 else { return }
    while scratch.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
  }

  private struct Ready {
    var readable = false
    var kicked = false
  }

  /// Waits for `events` on the socket, a kick or a stop; throws when stopped or the socket fails.
  private func wait(_ socket: Int32, events: Int32) throws(Stop) -> Ready {
    var entries = [
      pollfd(fd: socket, events: Int16(events), revents: 0),
      pollfd(fd: stopSignal.descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: kick.descriptor, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let count = poll(&entries, nfds_t(entries.count), -1)
      if count < 0 {
        if errno == EINTR { continue }
        throw failure("poll", errno)
      }
      if entries[1].revents != 0 { throw .stopped }
      let socketEvents = Int32(entries[0].revents)
      // A hang-up with data still readable is read first; read() then reports the end.
      let readable = socketEvents & (POLLIN | POLLHUP | POLLERR) != 0
      return Ready(readable: readable, kicked: entries[2].revents != 0)
    }
  }

  private func failure(_ operation: String, _ code: Int32) -> Stop {
    if code == ECONNRESET || code == EPIPE {
      return .failed(.disconnected(reason: Self.reason(code)))
    }
    return .failed(.system(operation: operation, errno: code, reason: Self.reason(code)))
  }
}
