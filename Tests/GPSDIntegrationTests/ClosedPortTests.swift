import SensorsTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// ``ClosedPort``: the "nothing listens there" the refusal tests stand on, even with gpsd and fake
/// peers binding ports in parallel.
@Suite(.tags(.integration)) struct ClosedPortTests {
  @Test("A closed port refuses connections, and no one else can bind it while it lives")
  func refusesAndCannotBeTaken() throws {
    let closed = try ClosedPort()
    defer { withExtendedLifetime(closed) {} }
    #expect(closed.port != 0)
    #expect(!Gpsfake.portAccepts(closed.port))

    // What gpsd does to listen: SO_REUSEADDR, bind, listen. The bind must fail.
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    try #require(listener >= 0)
    defer { close(listener) }
    var reuse: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = closed.port.bigEndian
    let bound = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    let code = errno
    #expect(bound == -1 && code == EADDRINUSE, "bind returned \(bound), errno \(code)")
  }
}
