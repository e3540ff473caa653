import Foundation
import GPSD
import SensorsTestSupport
import Testing

/// Closing a connection, or abandoning its events, releases its socket and its thread's descriptors.
@Suite(.tags(.integration), .serialized) struct ResourceTests {
  func silentPeer() throws -> FakePeer {
    try FakePeer(script: [.readCommand, FakePeer.version, FakePeer.watchAccepted])
  }

  @Test func closeReleasesTheSocketBeforeReturning() async throws {
    let peer = try silentPeer()
    defer { peer.stop() }
    let connection = GPSDConnection(configuration: .init(port: peer.port, staleTimeout: nil))
    var iterator = connection.events.makeAsyncIterator()
    while let event = await iterator.next(), event != .state(.watching) {}
    #expect(Descriptors.socketsConnected(toPort: peer.port) == 1)
    await connection.close()
    #expect(Descriptors.socketsConnected(toPort: peer.port) == 0)
    #expect(await iterator.next() == .state(.closed))
    #expect(await iterator.next() == nil)
  }

  @Test func cancellingTheConsumerReleasesTheSocket() async throws {
    let peer = try silentPeer()
    defer { peer.stop() }
    let connection = GPSDConnection(configuration: .init(port: peer.port, staleTimeout: nil))
    let watching = AsyncStream.makeStream(of: Void.self)
    let consumer = Task {
      for await event in connection.events where event == .state(.watching) {
        watching.continuation.yield()
      }
    }
    for await _ in watching.stream { break }
    #expect(Descriptors.socketsConnected(toPort: peer.port) == 1)
    consumer.cancel()
    await consumer.value
    // The cancellation only signalled the session thread (waiting inside it could deadlock with
    // an event being delivered); close() awaits the release that signal started.
    await connection.close()
    #expect(Descriptors.socketsConnected(toPort: peer.port) == 0)
  }

  @Test func cancelDoesNotWaitAndCloseThenAwaitsTheRelease() async throws {
    let peer = try silentPeer()
    defer { peer.stop() }
    let connection = GPSDConnection(configuration: .init(port: peer.port, staleTimeout: nil))
    _ = await connection.collect(seconds: 10) { $0.last == .state(.watching) }
    connection.cancel()
    await connection.close()
    #expect(Descriptors.socketsConnected(toPort: peer.port) == 0)
  }

  @Test func repeatedConnectionsLeakNoDescriptors() async throws {
    let peer = try FakePeer(
      sessions: 25,
      script: [.readCommand, FakePeer.version, FakePeer.watchAccepted, .hangUp])
    defer { peer.stop() }
    let baseline = Descriptors.count
    for _ in 0..<20 {
      let connection = GPSDConnection(configuration: .init(port: peer.port, staleTimeout: nil))
      _ = await connection.collect(seconds: 10) { $0.last == .state(.watching) }
      await connection.close()
    }
    // Each connection uses a socket and a wake-up pipe (3 descriptors): a leak would show as ≥ 60.
    #expect(Descriptors.count - baseline < 10)
    #expect(Descriptors.socketsConnected(toPort: peer.port) == 0)
  }
}
