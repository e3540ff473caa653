import ComposableLocation
import ComposableSensorsTesting
import Foundation
import SensorsTestSupport
import Testing

/// `LocationClient.replay` plays real gpsd 3.22 captures the way a user would use it.
@Suite struct ReplayLocationClientTests {
  struct ID: Hashable, Sendable {}

  @Test(
    "Every fix (the TPVs of one time, merged) becomes exactly one location with the same values",
    arguments: ["myguide-3100", "nmea-rtk"])
  func everyFixOnce(capture: String) async throws {
    let url = try fixtureURL(capture)
    let client = LocationClient.replay(contentsOf: url, clock: ImmediateClock())
    let events = await client.create(id: ID())
    await client.startUpdatingLocation(id: ID())
    let locations = await collect(events, until: \.isEnd).flatMap(\.locations)

    let expected = try fixesInCapture(url)
    #expect(locations.count == expected.count)
    for (location, tpv) in zip(locations, expected) {
      expectSameValues(location, as: tpv)
    }
    await client.destroy(id: ID())
  }

  @Test func fixKindsFollowModeAndStatus() async throws {
    let client = LocationClient.replay(
      contentsOf: try fixtureURL("myguide-3100"), clock: ImmediateClock())
    let events = await client.create(id: ID())
    await client.startUpdatingLocation(id: ID())
    let kinds = Set(await collect(events, until: \.isEnd).flatMap(\.locations).map(\.fix))
    #expect(kinds == [.twoDimensional, .threeDimensional])

    let rtk = LocationClient.replay(contentsOf: try fixtureURL("nmea-rtk"), clock: ImmediateClock())
    let rtkEvents = await rtk.create(id: ID())
    await rtk.startUpdatingLocation(id: ID())
    let rtkKinds = Set(await collect(rtkEvents, until: \.isEnd).flatMap(\.locations).map(\.fix))
    #expect(rtkKinds.contains(.dgps))
  }

  @Test("Fixes are paced by their timestamps on the injected clock")
  func pacedByClock() async throws {
    let clock = TestClock()
    let client = LocationClient.replay(contentsOf: try fixtureURL("nmea-rtk"), clock: clock)
    let events = await client.create(id: ID())
    let guardTask = watchdog(client, id: ID())
    defer { guardTask.cancel() }
    await client.startUpdatingLocation(id: ID())
    var iterator = events.makeAsyncIterator()
    // The capture's first fix has no time; the next two are 0.1 s apart.
    var fixes: [Location] = []
    while fixes.count < 2, let event = await iterator.next() { fixes += event.locations }
    let first = fixes.last
    #expect(first?.timestamp != nil)
    // The next fix is 0.1 s later: the replay waits on the clock for exactly that long.
    await clock.waitForSleepers()
    #expect(clock.pendingDeadlines == [TestClock.Instant(offset: .milliseconds(100))])
    await clock.advance(by: .milliseconds(100))
    var second: Location?
    while second == nil, let event = await iterator.next() { second = event.locations.first }
    let gap = try #require(second?.timestamp).timeIntervalSince(try #require(first?.timestamp))
    #expect(abs(gap - 0.1) < 1e-6)
    await client.destroy(id: ID())
  }

  @Test("Malformed lines are reported and the replay goes on")
  func malformedLines() async throws {
    var capture = SyntheticCapture()
    capture.fix(Coordinate(latitude: 1, longitude: 2))
    capture.raw(#"{"class":"TPV","mode":3,"lat":"#)
    capture.raw("\u{1}\u{2}binary garbage")
    capture.raw(#"{"class":"TPV","mode":3,"lat":91.5e999,"lon":0}"#)
    capture.fix(Coordinate(latitude: 1.001, longitude: 2))
    let client = LocationClient.replay(capture: capture.data, clock: ImmediateClock())
    let events = await client.create(id: ID())
    await client.startUpdatingLocation(id: ID())
    let all = await collect(events, until: \.isEnd)
    let failures = all.filter { if case .failed(.malformedReport) = $0 { true } else { false } }
    #expect(failures.count == 2)
    // 91.5e999 reads as infinity, as gpsd reads it: a fix off the globe, reported as such.
    let offGlobe = all.filter { if case .failed(.invalidCoordinate) = $0 { true } else { false } }
    #expect(offGlobe.count == 1)
    #expect(all.flatMap(\.locations).map(\.coordinate.latitude) == [1, 1.001])
    // Reading the capture is what grants authorization on a replay (there is no prompt).
    #expect(
      all.prefix(2) == [
        .authorizationChanged(.authorizedWhenInUse),
        .serviceStateChanged(.connected(release: "3.22")),
      ])
  }

  @Test func distanceFilterAndDesiredAccuracyApply() async throws {
    let start = Coordinate(latitude: 56.2, longitude: -3.1)
    var capture = SyntheticCapture()
    capture.fix(start)
    capture.fix(point(20, northOf: start))
    capture.fix(point(60, northOf: start), eph: 500)
    capture.fix(point(70, northOf: start))
    let client = LocationClient.replay(capture: capture.data, clock: ImmediateClock())
    let events = await client.create(id: ID())
    await client.set(id: ID(), desiredAccuracy: .hundredMeters, distanceFilter: 50)
    await client.startUpdatingLocation(id: ID())
    let delivered = await collect(events, until: \.isEnd).flatMap(\.locations)
    #expect(delivered.map(\.coordinate) == [start, point(70, northOf: start)])
  }
}
