#if canImport(Glibc)
  import Glibc
#endif

/// TCP on 127.0.0.1, as the gpsd test harness uses it: close-on-exec sockets (gpsfake never
/// inherits them), bound or connected.
enum Loopback {
  /// A new TCP socket, close-on-exec; nil when the system refuses one (`errno` says why).
  static func socket() -> Int32? {
    let descriptor = Glibc.socket(
      AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    return descriptor >= 0 ? descriptor : nil
  }

  /// Calls `body` with 127.0.0.1:`port` as a `sockaddr` and its length; what `body` writes back
  /// (as `getsockname` does) is read into the returned port.
  static func withAddress<Result>(
    port: UInt16, _ body: (UnsafeMutablePointer<sockaddr>, inout socklen_t) -> Result
  ) -> (result: Result, port: UInt16) {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = port.bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let result = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, &length) }
    }
    return (result, UInt16(bigEndian: address.sin_port))
  }

  /// A socket connected to 127.0.0.1:`port`, which the caller closes; nil when nothing accepts.
  static func connect(port: UInt16) -> Int32? {
    guard let descriptor = socket() else { return nil }
    let (connected, _) = withAddress(port: port) { address, length in
      Glibc.connect(descriptor, address, length) == 0
    }
    if connected { return descriptor }
    close(descriptor)
    return nil
  }
}
