import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A unix-socket server that feeds NMEA sentences to whoever connects, as geoclue's NMEA source
/// (`geoclue -u PATH`) expects: the sentences in order, one every `interval`, over and over,
/// until ``stop()``.
///
/// It listens before ``start(path:sentences:interval:)`` returns (geoclue connects when a
/// client starts). Each connection is served on a thread of its own; the listening thread and
/// the connection threads end within one interval of ``stop()``.
public final class NMEASocketServer: Sendable {
  /// The socket's path.
  public let path: String
  private let listener: Int32
  private let stopped = Mutex(false)
  private let connections = Mutex(0)

  private init(path: String, listener: Int32) {
    self.path = path
    self.listener = listener
  }

  /// How many clients have connected so far.
  public var connectionCount: Int { connections.withLock { $0 } }

  /// Listens at `path` and serves `sentences` (lines without line ends).
  public static func start(
    path: String, sentences: [String], interval: Duration = .milliseconds(100)
  )
    throws -> NMEASocketServer
  {
    unlink(path)
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw PrivateBus.StartFailure(description: "socket: \(errno)") }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0, listen(descriptor, 4) == 0 else {
      close(descriptor)
      throw PrivateBus.StartFailure(description: "bind/listen \(path): errno \(errno)")
    }
    let server = NMEASocketServer(path: path, listener: descriptor)
    let lines = sentences.map { Array(($0 + "\r\n").utf8) }
    let microseconds =
      useconds_t(interval.components.attoseconds / 1_000_000_000_000)
      + useconds_t(interval.components.seconds * 1_000_000)
    Thread { server.acceptLoop(lines: lines, pause: microseconds) }.start()
    return server
  }

  /// Stops accepting and feeding; the socket file is removed.
  public func stop() {
    let first = stopped.withLock { stopped -> Bool in
      defer { stopped = true }
      return !stopped
    }
    guard first else { return }
    shutdown(listener, Int32(SHUT_RDWR))
    unlink(path)
  }

  private var isStopped: Bool { stopped.withLock { $0 } }

  private func acceptLoop(lines: [[UInt8]], pause: useconds_t) {
    defer { close(listener) }
    while !isStopped {
      var entry = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, 100) > 0, !isStopped else { continue }
      let client = accept(listener, nil, nil)
      guard client >= 0 else { continue }
      connections.withLock { $0 += 1 }
      Thread { self.feed(client, lines: lines, pause: pause) }.start()
    }
  }

  private func feed(_ client: Int32, lines: [[UInt8]], pause: useconds_t) {
    defer { close(client) }
    while !isStopped, !lines.isEmpty {
      for line in lines {
        guard !isStopped else { return }
        let sent = line.withUnsafeBytes {
          send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        guard sent == line.count else { return }
        usleep(pause)
      }
    }
  }
}
