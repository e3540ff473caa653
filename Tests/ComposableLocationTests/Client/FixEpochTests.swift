import ComposableLocation
import ComposableSensorsTesting
import Foundation
import Testing

/// One location per fix: gpsd's TPVs of one `time` merged as `gps_merge_fix` merges them,
/// through the replay client (the live client shares the merging; GPSDIntegrationTests run it
/// against real gpsd).
@Suite struct FixEpochTests {
  struct ID: Hashable, Sendable {}

  static func locations(_ lines: [String]) async -> [Location] {
    var capture = SyntheticCapture()
    for line in lines { capture.raw(line) }
    let client = LocationClient.replay(capture: capture.data, clock: ImmediateClock())
    let events = await client.create(id: ID())
    await client.startUpdatingLocation(id: ID())
    let all = await collect(events, until: \.isEnd)
    await client.destroy(id: ID())
    return all.flatMap(\.locations)
  }

  static let time = #""time":"2026-11-22T09:53:06.802Z""#
  static let nextTime = #""time":"2026-11-22T09:53:07.801Z""#

  @Test("A later TPV of the same time replaces what it carries and keeps what it lacks")
  func laterMembersWin() async {
    // haicom-305N's pair: gpsd's derived speed without a course, then the receiver's VTG.
    let locations = await Self.locations([
      #"{"class":"TPV","device":"/dev/pts/1","mode":3,\#(Self.time),"lat":-27.2108,"lon":153.0521,"altMSL":3.0,"eph":400.9,"eps":575.0,"speed":11.448}"#,
      #"{"class":"SKY","satellites":[{"PRN":5,"el":40.0,"az":120.0,"ss":38.0,"used":true}]}"#,
      #"{"class":"TPV","device":"/dev/pts/1","mode":3,\#(Self.time),"lat":-27.2108,"lon":153.0521,"eph":400.9,"track":279.46,"speed":0.0}"#,
    ])
    #expect(locations.count == 1, "one fix, one location: \(locations)")
    let fix = locations.first
    #expect(fix?.speed == 0, "the receiver's own speed, sent last")
    #expect(fix?.course == 279.46)
    #expect(fix?.altitude == 3, "kept: the later TPV has no altMSL")
    #expect(fix?.speedAccuracy == 575, "kept: the later TPV has no eps")
  }

  @Test("The fix status only rises within an epoch, as in gps_merge_fix")
  func statusOnlyRises() async {
    let locations = await Self.locations([
      #"{"class":"TPV","mode":3,"status":2,\#(Self.time),"lat":1.0,"lon":2.0}"#,
      #"{"class":"TPV","mode":3,\#(Self.time),"lat":1.0,"lon":2.0,"track":90.0}"#,
    ])
    #expect(locations.map(\.fix) == [.dgps])
    #expect(locations.first?.course == 90)
  }

  @Test("Another time, a TPV without a fix, or another device ends an epoch")
  func whatEndsAnEpoch() async {
    let locations = await Self.locations([
      #"{"class":"TPV","device":"/dev/a","mode":3,\#(Self.time),"lat":1.0,"lon":2.0}"#,
      #"{"class":"TPV","device":"/dev/b","mode":3,\#(Self.time),"lat":5.0,"lon":6.0}"#,
      #"{"class":"TPV","device":"/dev/b","mode":3,\#(Self.nextTime),"lat":1.1,"lon":2.0}"#,
      #"{"class":"TPV","device":"/dev/b","mode":1,\#(Self.nextTime)}"#,
      #"{"class":"TPV","device":"/dev/b","mode":3,\#(Self.nextTime),"lat":1.2,"lon":2.0}"#,
      // No time: nothing to merge it with, delivered as it is.
      #"{"class":"TPV","device":"/dev/b","mode":3,"lat":1.3,"lon":2.0}"#,
    ])
    #expect(locations.map(\.coordinate.latitude) == [1.0, 5.0, 1.1, 1.2, 1.3])
  }

  @Test("The last epoch of a replay is delivered before it ends")
  func lastEpochIsDelivered() async {
    let locations = await Self.locations([
      #"{"class":"TPV","mode":3,\#(Self.time),"lat":1.0,"lon":2.0,"speed":3.0}"#,
      #"{"class":"TPV","mode":3,\#(Self.time),"lat":1.0,"lon":2.0,"track":45.0}"#,
    ])
    #expect(locations.count == 1)
    #expect(locations.first?.speed == 3)
    #expect(locations.first?.course == 45)
  }

  @Test("A receiver going away ends the epoch: its last fix comes before the device is lost")
  func deviceLostEndsTheEpoch() async {
    var capture = SyntheticCapture()
    capture.raw(#"{"class":"TPV","device":"/dev/a","mode":3,\#(Self.time),"lat":1.0,"lon":2.0}"#)
    capture.raw(#"{"class":"DEVICE","path":"/dev/a","activated":0}"#)
    capture.raw(#"{"class":"TPV","device":"/dev/a","mode":3,\#(Self.time),"lat":1.0,"lon":2.0}"#)
    let client = LocationClient.replay(capture: capture.data, clock: ImmediateClock())
    let events = await client.create(id: ID())
    await client.startUpdatingLocation(id: ID())
    let all = await collect(events, until: \.isEnd)
    await client.destroy(id: ID())
    let order = all.compactMap { event -> String? in
      switch event {
      case .locationsUpdated: "fix"
      case .serviceStateChanged(.deviceLost): "lost"
      default: nil
      }
    }
    #expect(order == ["fix", "lost", "fix"])
  }

  @Test("A merged fix is delivered at its own time, before the replay waits for the next one")
  func deliveredAtItsOwnTime() async {
    var capture = SyntheticCapture()
    capture.raw(#"{"class":"TPV","mode":3,\#(Self.time),"lat":1.0,"lon":2.0}"#)
    capture.raw(#"{"class":"TPV","mode":3,\#(Self.time),"lat":1.0,"lon":2.0,"track":45.0}"#)
    capture.raw(#"{"class":"TPV","mode":3,\#(Self.nextTime),"lat":1.1,"lon":2.0}"#)
    let clock = TestClock()
    let client = LocationClient.replay(capture: capture.data, clock: clock)
    let events = await client.create(id: ID())
    let guardTask = watchdog(client, id: ID())
    defer { guardTask.cancel() }
    await client.startUpdatingLocation(id: ID())
    var iterator = events.makeAsyncIterator()
    var first: Location?
    while first == nil, let event = await iterator.next() { first = event.locations.first }
    #expect(first?.course == 45, "delivered with the clock still at the first fix's time")
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    var second: Location?
    while second == nil, let event = await iterator.next() { second = event.locations.first }
    #expect(second?.coordinate.latitude == 1.1)
    await client.destroy(id: ID())
  }
}

/// gpsd announces a device twice in a row (once when it opens it, once when it has identified
/// the driver): the manager hears it once.
@Suite struct RepeatedServiceStateTests {
  struct ID: Hashable, Sendable {}

  @Test("A device activated twice in a row is one serviceStateChanged event")
  func deviceActivatedOnce() async {
    var capture = SyntheticCapture()
    capture.raw(
      #"{"class":"DEVICE","path":"/dev/pts/1","activated":"2026-11-22T09:52:55.000Z"}"#)
    capture.raw(
      #"{"class":"DEVICE","path":"/dev/pts/1","driver":"NMEA0183","activated":"2026-11-22T09:52:55.100Z"}"#
    )
    capture.fix(Coordinate(latitude: 1, longitude: 2))
    let client = LocationClient.replay(capture: capture.data, clock: ImmediateClock())
    let events = await client.create(id: ID())
    await client.startUpdatingLocation(id: ID())
    let all = await collect(events, until: \.isEnd)
    await client.destroy(id: ID())
    let activations = all.filter {
      $0 == .serviceStateChanged(.deviceActivated(device: "/dev/pts/1"))
    }
    #expect(activations.count == 1, "\(all)")
  }
}
