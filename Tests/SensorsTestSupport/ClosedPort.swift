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
    guard let descriptor = Loopback.socket() else {
      throw Gpsfake.StartFailure(description: "socket: \(String(cString: strerror(errno)))")
    }
    let (bound, port) = Loopback.withAddress(port: 0) { address, length in
      bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
    }
    guard bound else {
      let message = String(cString: strerror(errno))
      close(descriptor)
      throw Gpsfake.StartFailure(description: "bind 127.0.0.1:0: \(message)")
    }
    self.descriptor = descriptor
    self.port = port
  }

  deinit { close(descriptor) }
}
