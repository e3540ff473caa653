import LinuxIIO
import SensorsTestSupport
import Testing

/// The iiod client against a scripted peer that sends what real iiod never would: garbage, a
/// reply cut short by a hang-up, silence. Each gives the typed error that says so and retires
/// the connection.
@Suite("iiod client faults", .tags(.integration))
struct IIODFaultTests {
  private func client(_ peer: FakePeer, timeout: Duration = .seconds(5)) throws -> IIODClient {
    try IIODClient(address: IIODAddress(host: "127.0.0.1", port: peer.port), timeout: timeout)
  }

  @Test("Garbage instead of a length line: malformedReply, for that request and the next")
  func garbage() async throws {
    let peer = try FakePeer(script: [.readCommand, .send(Array("<html>\n".utf8))])
    defer { peer.stop() }
    let board = try client(peer)
    defer { board.close() }
    let expected = IIODError.malformedReply(
      server: "127.0.0.1:\(peer.port)", command: "PRINT", detail: "\"<html>\" is not a number")
    await #expect(throws: expected) { try await board.context() }
    await #expect(throws: expected) { try await board.version() }
    #expect(peer.commands == ["PRINT"])
  }

  @Test("A reply cut short by a hang-up: linkDropped")
  func hangUpMidReply() async throws {
    let peer = try FakePeer(script: [.readCommand, .send(Array("100\n<?xml".utf8)), .hangUp])
    defer { peer.stop() }
    let board = try client(peer)
    defer { board.close() }
    await #expect(throws: IIODError.linkDropped(server: "127.0.0.1:\(peer.port)")) {
      try await board.context()
    }
  }

  @Test("An announced length over the limit: replyTooLarge, before reading it")
  func oversized() async throws {
    let peer = try FakePeer(script: [.readCommand, .send(Array("999999999999\n".utf8))])
    defer { peer.stop() }
    let board = try client(peer)
    defer { board.close() }
    await #expect(
      throws: IIODError.replyTooLarge(
        server: "127.0.0.1:\(peer.port)", command: "PRINT", length: 999_999_999_999,
        limit: IIODClient.maximumContextSize)
    ) { try await board.context() }
  }

  @Test("Silence: timedOut naming the command, after the client's timeout")
  func silence() async throws {
    let peer = try FakePeer(script: [.readCommand])
    defer { peer.stop() }
    let board = try client(peer, timeout: .milliseconds(200))
    defer { board.close() }
    await #expect(
      throws: IIODError.timedOut(
        server: "127.0.0.1:\(peer.port)", command: "VERSION", after: .milliseconds(200))
    ) { try await board.version() }
  }

  @Test("close() from another task ends a request in flight at once")
  func closeWhileWaiting() async throws {
    let peer = try FakePeer(script: [.readCommand])
    defer { peer.stop() }
    let board = try client(peer, timeout: .seconds(60))
    let request = Task { try await board.version() }
    while peer.commands.isEmpty { await Task.yield() }
    board.close()
    await #expect(throws: IIODError.closed(server: "127.0.0.1:\(peer.port)")) {
      try await request.value
    }
  }
}
