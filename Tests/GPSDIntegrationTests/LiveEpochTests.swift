import ComposableLocation
import GPSD
import SensorsTestKit
import SensorsTestSupport
import Testing

/// The live client merges a fix's TPVs into one location and waits for the rest of an epoch on
/// the injected clock, at most ``LocationClient/Configuration/epochTimeout``.
@Suite(.tags(.integration)) struct LiveEpochTests {
  struct ID: Hashable, Sendable {}

  static let time = #""time":"2026-11-22T09:53:06.802Z""#

  @Test("A fix's TPVs become one location, delivered when the epoch times out on the clock")
  func epochTimesOutOnTheInjectedClock() async throws {
    let peer = try FakePeer(script: [
      .readCommand, FakePeer.version, FakePeer.watchAccepted,
      FakePeer.line(
        #"{"class":"TPV","device":"/dev/fake","mode":3,\#(Self.time),"lat":41.5,"lon":-93.75,"speed":9.2}"#
      ),
      FakePeer.line(
        #"{"class":"TPV","device":"/dev/fake","mode":3,\#(Self.time),"lat":41.5,"lon":-93.75,"speed":1.0,"track":90.0}"#
      ),
      FakePeer.line(
        #"{"class":"SKY","satellites":[{"PRN":5,"el":40.0,"az":120.0,"ss":38.0,"used":true}]}"#),
    ])
    defer { peer.stop() }
    let clock = TestClock()
    let client = LocationClient.live(
      configuration: .init(
        gpsd: .init(port: peer.port, reconnect: .never, staleTimeout: nil),
        epochTimeout: .seconds(2)),
      clock: clock)
    let events = await client.create(id: ID())
    let guardTask = watchdog { await client.destroy(id: ID()) }
    defer { guardTask.cancel() }
    await client.startUpdatingLocation(id: ID())
    var iterator = events.makeAsyncIterator()
    // The SKY comes after both TPVs: once it is here, both were read and merged, and held.
    while let event = await iterator.next() {
      if case .locationsUpdated = event { Issue.record("delivered before its epoch ended") }
      if case .satellitesUpdated = event { break }
    }
    // The epoch's timer sleeps until 2 s on the test clock (other sleepers: the probe's 10 s).
    let deadline = TestClock.Instant(offset: .seconds(2))
    for _ in 0..<10_000 where !clock.pendingDeadlines.contains(deadline) {
      try await Task.sleep(for: .milliseconds(1))  // real time: the reader thread must run
    }
    #expect(clock.pendingDeadlines.contains(deadline))
    await clock.advance(by: .seconds(2))
    var locations: [Location] = []
    while locations.isEmpty, let event = await iterator.next() {
      if case .locationsUpdated(let fixes) = event { locations = fixes }
    }
    await client.destroy(id: ID())
    #expect(locations.count == 1)
    #expect(locations.first?.speed == 1.0, "the later TPV's speed")
    #expect(locations.first?.course == 90)
  }
}
