import Testing

@testable import LinuxIIO

/// The connection's state machine on its own: who closes the socket in every interleaving of a
/// request and ``IIODClient/close()``.
@Suite("iiod connection state machine")
struct IIODConnectionStateTests {
  private let server = "board:30431"

  @Test("The first request connects; the next ones reuse the socket and its pending bytes")
  func connectThenReuse() {
    var state = IIODConnectionState.idle
    #expect(state.begin(server: server) == .connect)
    let connected = state.connected(.success(7))
    #expect(connected)
    #expect(state.end(socket: 7, pending: [1], linkError: nil) == nil)
    #expect(state.begin(server: server) == .use(socket: 7, pending: [1]))
  }

  @Test("A failed connect leaves the client idle: the next request tries again")
  func failedConnect() {
    var state = IIODConnectionState.idle
    _ = state.begin(server: server)
    let connected = state.connected(.failure(.refused(server: server)))
    #expect(!connected)
    #expect(state.begin(server: server) == .connect)
  }

  @Test("A link error retires the connection: the request closes the socket, later ones fail")
  func linkErrorRetires() {
    var state = IIODConnectionState.idle
    _ = state.begin(server: server)
    _ = state.connected(.success(7))
    #expect(state.end(socket: 7, pending: [], linkError: .linkDropped(server: server)) == 7)
    #expect(state.begin(server: server) == .fail(.linkDropped(server: server)))
  }

  @Test("close() during a request: the request, not close(), closes the socket")
  func closeWhileBusy() {
    var state = IIODConnectionState.idle
    _ = state.begin(server: server)
    _ = state.connected(.success(7))
    #expect(state.close() == nil)
    #expect(state.end(socket: 7, pending: [], linkError: nil) == 7)
    #expect(state.begin(server: server) == .fail(.closed(server: server)))
  }

  @Test("close() while connecting: the socket that arrives late is the caller's to close")
  func closeWhileConnecting() {
    var state = IIODConnectionState.idle
    _ = state.begin(server: server)
    #expect(state.close() == nil)
    let adopted = state.connected(.success(9))
    #expect(!adopted)
    #expect(state.begin(server: server) == .fail(.closed(server: server)))
  }

  @Test("close() when idle between requests closes the socket at once, and only once")
  func closeWhenReady() {
    var state = IIODConnectionState.idle
    _ = state.begin(server: server)
    _ = state.connected(.success(7))
    _ = state.end(socket: 7, pending: [], linkError: nil)
    #expect(state.close() == 7)
    #expect(state.close() == nil)
  }
}
