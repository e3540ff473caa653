import Foundation
import GPSD
import SensorsTestSupport
import Testing

/// What the client does when gpsd is missing, hostile, silent or refusing.
@Suite(.tags(.integration)) struct FaultTests {
  let watchCommand = GPSDConnection.Configuration.defaultWatchCommand

  func configuration(port: UInt16, stale: Duration? = nil, attempts: Int? = nil)
    -> GPSDConnection.Configuration
  {
    GPSDConnection.Configuration(
      port: port,
      reconnect: .init(
        initialDelay: .milliseconds(20), maximumDelay: .milliseconds(40), maximumAttempts: attempts),
      staleTimeout: stale)
  }

  @Test func gpsdNotRunningIsAnUnavailableStateNotACrash() async throws {
    let closed = try ClosedPort()
    defer { withExtendedLifetime(closed) {} }  // nothing may listen there until the end
    let port = closed.port
    let connection = GPSDConnection(configuration: configuration(port: port, attempts: 3))
    let states = await connection.collect().compactMap(\.state)
    let refused = GPSDConnectionError.refused(host: "127.0.0.1", port: port)
    #expect(
      states == [
        .connecting(attempt: 1), .unavailable(refused),
        .reconnecting(attempt: 2, after: .milliseconds(20)),
        .connecting(attempt: 2), .unavailable(refused),
        .reconnecting(attempt: 3, after: .milliseconds(40)),
        .connecting(attempt: 3), .unavailable(refused), .closed,
      ])
    #expect(refused.description.contains("gpsd is not running at 127.0.0.1:\(port)"))
  }

  @Test func hostilePeerLinesAreSurfacedAndTheStreamGoesOn() async throws {
    let badUTF8 =
      Array(#"{"class":"TPV","mode":3,"device":"/dev/"#.utf8) + [0xC3, 0x28] + Array("\"}\r\n".utf8)
    let peer = try FakePeer(script: [
      .readCommand, FakePeer.version, FakePeer.watchAccepted,
      FakePeer.line("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47"),
      .send([0x00, 0xFF, 0xFE, 0x13, 0x37, 0x0D, 0x0A]),
      FakePeer.line(#"{"class":"TPV","mode":3,"la"#),
      .send(Array(repeating: UInt8(ascii: "{"), count: 40_000) + [0x0D, 0x0A]),
      .send(badUTF8),
      FakePeer.tpv,
    ])
    defer { peer.stop() }
    let connection = GPSDConnection(configuration: configuration(port: peer.port))
    let events = await connection.collect { $0.last?.tpv != nil }
    await connection.close()

    #expect(peer.commands == [watchCommand])
    let errors = events.compactMap { event -> GPSDDecodingError? in
      if case .error(.decoding(let error)) = event { return error }
      return nil
    }
    #expect(errors.count == 5)
    guard errors.count == 5 else { return }
    #expect(errors[0] == .malformedJSON(offset: 0, reason: "expected a JSON value"))
    #expect(errors[1] == .malformedJSON(offset: 0, reason: "expected a JSON value"))
    #expect(errors[2] == .truncated(offset: 27))
    // The length seen before the framer skips to the newline depends on how the 40,000 bytes
    // arrive (one read or several): at least the limit, at most the line.
    if case .lineTooLong(let length, let limit) = errors[3] {
      #expect(limit == GPSDLineFramer.defaultMaximumLineLength)
      #expect(length > limit && length <= 40_000)
    } else {
      Issue.record("expected lineTooLong, got \(errors[3])")
    }
    #expect(errors[4] == .invalidString(offset: 40, reason: "invalid UTF-8 continuation byte"))
    #expect(events.last?.tpv?.lat == 41.5, "the valid line after the garbage still arrives")
    #expect(!events.contains { if case .state(.unavailable) = $0 { true } else { false } })
  }

  @Test func silentReceiverBecomesStale() async throws {
    let peer = try FakePeer(script: [
      .readCommand, FakePeer.version, FakePeer.watchAccepted,
    ])
    defer { peer.stop() }
    let connection = GPSDConnection(
      configuration: configuration(port: peer.port, stale: .seconds(1)))
    let events = await connection.collect(seconds: 10) {
      $0.last?.state == .stale(silentFor: .seconds(1))
    }
    await connection.close()
    #expect(events.last == .state(.stale(silentFor: .seconds(1))))
    #expect(
      events.compactMap(\.state) == [
        .connecting(attempt: 1), .connected, .watching, .stale(silentFor: .seconds(1)),
      ])
  }

  @Test func rejectedWatchEndsTheStreamWithAClearError() async throws {
    let refusal = #"{"class":"WATCH","enable":true,"json":false}"#
    let peer = try FakePeer(script: [
      .readCommand, FakePeer.version, FakePeer.line(refusal),
    ])
    defer { peer.stop() }
    let events = await GPSDConnection(configuration: configuration(port: peer.port)).collect()
    guard case .report(.watch(let reply)) = try GPSDReport.decode(refusal).asEvent else { return }
    #expect(events.suffix(2) == [.state(.unavailable(.watchRejected(reply))), .state(.closed)])
  }

  @Test func hangUpReconnectsAndResendsWatch() async throws {
    let peer = try FakePeer(
      sessions: 2,
      script: [
        .readCommand, FakePeer.version, FakePeer.watchAccepted, FakePeer.tpv, .hangUp,
      ])
    defer { peer.stop() }
    let connection = GPSDConnection(configuration: configuration(port: peer.port))
    let events = await connection.collect { $0.compactMap(\.tpv).count == 2 }
    await connection.close()
    #expect(peer.connections == 2)
    #expect(peer.commands == [watchCommand, watchCommand])
    #expect(events.filter { $0 == .state(.watching) }.count == 2)
    #expect(events.compactMap(\.tpv).count == 2)
  }
}

extension GPSDReport {
  fileprivate var asEvent: GPSDConnection.Event { .report(self) }
}
