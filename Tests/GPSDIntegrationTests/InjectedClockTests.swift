import GPSD
import SensorsTestKit
import SensorsTestSupport
import Testing

/// Backoff and staleness wait on the clock the connection was given, not on the wall clock.
@Suite(.tags(.integration)) struct InjectedClockTests {
  @Test func anHourOfBackoffPassesWhenTheClockSaysSo() async throws {
    let clock = TestClock()
    let closed = try ClosedPort()
    defer { withExtendedLifetime(closed) {} }  // nothing may listen there until the end
    let port = closed.port
    let policy = GPSDConnection.ReconnectPolicy(
      initialDelay: .seconds(3600), maximumDelay: .seconds(3600), maximumAttempts: 2)
    let connection = GPSDConnection(
      configuration: .init(port: port, reconnect: policy, staleTimeout: nil), clock: clock)
    let refused = GPSDConnectionError.refused(host: "127.0.0.1", port: port)
    var events = connection.events.makeAsyncIterator()
    #expect(await events.next() == .state(.connecting(attempt: 1)))
    #expect(await events.next() == .state(.unavailable(refused)))
    #expect(await events.next() == .state(.reconnecting(attempt: 2, after: .seconds(3600))))

    await clock.waitForSleepers()
    await clock.advance(by: .seconds(3599))
    #expect(clock.sleeperCount == 1, "one second early: still waiting")
    await clock.advance(by: .seconds(1))
    #expect(await events.next() == .state(.connecting(attempt: 2)))
    #expect(await events.next() == .state(.unavailable(refused)))
    #expect(await events.next() == .state(.closed))
    #expect(await events.next() == nil)
  }

  @Test("A gpsd that accepts, answers the WATCH and hangs up at once is retried ever more slowly")
  func backoffGrowsAcrossSessionsThatEndAtOnce() async throws {
    let clock = TestClock()
    let peer = try FakePeer(
      sessions: 4,
      script: [.readCommand, FakePeer.version, FakePeer.watchAccepted, .hangUp])
    defer { peer.stop() }
    let connection = GPSDConnection(
      configuration: .init(port: peer.port, staleTimeout: nil), clock: clock)
    var delays: [Duration] = []
    var watched = 0
    for await event in connection.events {
      switch event {
      case .state(.watching): watched += 1
      case .state(.reconnecting(_, let delay)):
        delays.append(delay)
        guard delays.count < 4 else { break }
        await clock.waitForSleepers()
        await clock.advance(by: delay)
      default: break
      }
      if delays.count == 4 { break }
    }
    await connection.close()
    // Each session reached `watching`, yet none proved healthy: the backoff keeps doubling.
    #expect(watched == 4)
    #expect(peer.connections == 4)
    #expect(delays == [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2)])
  }

  @Test func stalenessIsMeasuredOnTheInjectedClock() async throws {
    let clock = TestClock()
    let peer = try FakePeer(script: [
      .readCommand, FakePeer.version, FakePeer.watchAccepted,
    ])
    defer { peer.stop() }
    let connection = GPSDConnection(
      configuration: .init(port: peer.port, staleTimeout: .seconds(3600)), clock: clock)
    var events = connection.events.makeAsyncIterator()
    while let event = await events.next(), event != .state(.watching) {}
    // The watchdog wakes once per timeout of silence: after three quarters of an hour nothing is stale yet.
    for _ in 0..<3 {
      await clock.waitForSleepers()
      await clock.advance(by: .seconds(900))
    }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(900))
    #expect(await events.next() == .state(.stale(silentFor: .seconds(3600))))
    await connection.close()
    #expect(await events.next() == .state(.closed))
  }
}
