import Foundation
import SensorsTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The descriptor counts the resource tests rely on stay right on a busy machine.
@Suite(.tags(.integration)) struct DescriptorsTests {
  @Test func aConnectionIsFoundPastTheFirstPageOfProcNetTCP() async throws {
    // /proc/net/tcp serves about 26 sockets per read: 40 listeners push ours past the first page.
    var listeners: [Int32] = []
    defer { for listener in listeners { close(listener) } }
    for _ in 0..<40 {
      let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      try #require(listener >= 0)
      listeners.append(listener)
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
      }
      try #require(bound && listen(listener, 1) == 0)
    }
    let peer = try FakePeer(script: [.readCommand])
    defer { peer.stop() }
    let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(client) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = peer.port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    try #require(connected)
    #expect(Descriptors.socketsConnected(toPort: peer.port) == 1)
  }
}
