#if canImport(Glibc)
  import Glibc
#endif

/// A loopback TCP port where nothing listens, and nothing else can start listening while this
/// value lives: a connect to 127.0.0.1:``port`` is refused at once.
///
/// ```swift
/// let closed = try ClosedPort()
/// defer { withExtendedLifetime(closed) {} }  // Swift may release it after its last use
/// // GPSDConnection(configuration: .init(port: closed.port)) sees "connection refused"
/// ```
///
/// A port that was merely free a moment ago (``Gpsfake/freePort()``) is not enough when tests run
/// in parallel: the kernel hands it to the next gpsd or fake peer that binds port 0, and a client
/// meant to be refused connects. This one stays bound, without listening and without
/// `SO_REUSEADDR`, so no other socket can bind it until the value is released.
public final class ClosedPort: Sendable {
  /// The reserved port.
  public let port: UInt16
  private let descriptor: Int32

  /// Binds a kernel-chosen loopback port and keeps it.
  public init() throws {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else {
      throw Gpsfake.StartFailure(description: "socket: \(String(cString: strerror(errno)))")
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw -> Bool in
        bind(descriptor, raw, length) == 0 && getsockname(descriptor, raw, &length) == 0
      }
    }
    guard bound else {
      let message = String(cString: strerror(errno))
      close(descriptor)
      throw Gpsfake.StartFailure(description: "bind 127.0.0.1:0: \(message)")
    }
    self.descriptor = descriptor
    self.port = UInt16(bigEndian: address.sin_port)
  }

  deinit { close(descriptor) }
}
