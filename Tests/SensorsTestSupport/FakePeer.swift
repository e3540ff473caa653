import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A stand-in for a line-protocol daemon (gpsd, iiod) on a loopback port that follows a script:
/// it lets tests send what the real daemon never would (garbage, binary, truncated and oversized
/// replies) or fall silent.
public final class FakePeer: Sendable {
  /// One step of the script.
  public enum Step: Sendable {
    /// Send these bytes.
    case send([UInt8])
    /// Read until the client's command ends with `;` or a newline, and record it.
    case readCommand
    /// Wait (wall clock).
    case pause(milliseconds: Int)
    /// Close the connection (EOF for the client).
    case hangUp
  }

  /// Sends `text` and CR LF.
  public static func line(_ text: String) -> Step { .send(Array((text + "\r\n").utf8)) }

  /// The loopback port it listens on.
  public let port: UInt16
  private let listener: Int32
  private let state = Mutex(State())
  private let thread = JoinableThread()

  private struct State {
    var commands: [String] = []
    var connections = 0
    var stopping = false
  }

  /// Commands the client sent, in order (one per `.readCommand` step).
  public var commands: [String] { state.withLock { $0.commands } }
  /// How many client connections were accepted.
  public var connections: Int { state.withLock { $0.connections } }

  /// Starts listening and runs `script` for each of up to `sessions` client connections.
  public init(sessions: Int = 1, script: [Step]) throws {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw Gpsfake.StartFailure(description: "socket: errno \(errno)") }
    var yes: Int32 = 1
    setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let ready = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw -> Bool in
        bind(socket, raw, length) == 0 && listen(socket, 4) == 0
          && getsockname(socket, raw, &length) == 0
      }
    }
    guard ready else {
      close(socket)
      throw Gpsfake.StartFailure(description: "bind/listen: errno \(errno)")
    }
    self.listener = socket
    self.port = UInt16(bigEndian: address.sin_port)
    let started = thread.start { [self] in
      for _ in 0..<sessions {
        guard let client = accept() else { break }
        state.withLock { $0.connections += 1 }
        run(script, on: client)
        close(client)
      }
    }
    guard started else {
      close(socket)
      throw Gpsfake.StartFailure(description: "the peer's thread could not be started")
    }
  }

  /// Stops the peer and closes its sockets; waits for its thread.
  public func stop() {
    state.withLock { $0.stopping = true }
    thread.join()
    close(listener)
  }

  private var isStopping: Bool { state.withLock { $0.stopping } }

  private func accept() -> Int32? {
    var entry = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
    while !isStopping {
      if poll(&entry, 1, 20) > 0 {
        let client = Glibc.accept(listener, nil, nil)
        return client >= 0 ? client : nil
      }
    }
    return nil
  }

  private func run(_ script: [Step], on client: Int32) {
    for step in script {
      switch step {
      case .send(let bytes):
        _ = bytes.withUnsafeBytes {
          Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
      case .readCommand:
        let command = readCommand(client)
        state.withLock { $0.commands.append(command) }
      case .pause(let milliseconds):
        usleep(useconds_t(milliseconds * 1000))
      case .hangUp:
        return
      }
    }
    // Script done: stay connected and silent until stopped or the client leaves.
    var entry = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
    var scratch = [UInt8](repeating: 0, count: 512)
    while !isStopping {
      if poll(&entry, 1, 20) > 0 {
        if scratch.withUnsafeMutableBytes({ read(client, $0.baseAddress, $0.count) }) <= 0 {
          return
        }
      }
    }
  }

  private func readCommand(_ client: Int32) -> String {
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    var entry = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
    while !isStopping, bytes.count < 1024 {
      guard poll(&entry, 1, 20) > 0 else { continue }
      guard read(client, &byte, 1) == 1 else { break }
      if byte == UInt8(ascii: "\n") { break }
      bytes.append(byte)
      if byte == UInt8(ascii: ";") { break }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
