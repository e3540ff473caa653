import ComposableLocation
import ComposableSensorsTesting
import Foundation
import SensorsTestSupport
import Testing

@Suite struct LifecycleTests {
  struct ID: Hashable, Sendable {}

  @Test("destroy finishes the stream and stops the feed")
  func destroyFinishes() async throws {
    let clock = TestClock()
    let client = LocationClient.replay(contentsOf: try fixtureURL("nmea-rtk"), clock: clock)
    let events = await client.create(id: ID())
    await client.startUpdatingLocation(id: ID())
    await clock.waitForSleepers()
    await client.destroy(id: ID())
    // The replay's pending sleep was cancelled with the feed; the stream ends.
    #expect(clock.sleeperCount == 0)
    let rest = await collect(events)
    #expect(!rest.isEmpty)
  }

  // Integration: the manager is torn down asynchronously after its consumer goes away, with no
  // event to await, so the check polls on the wall clock (bounded).
  @Test("Cancelling the consuming task releases the manager", .tags(.integration))
  func cancellingConsumer() async throws {
    let clock = TestClock()
    let client = LocationClient.replay(contentsOf: try fixtureURL("nmea-rtk"), clock: clock)
    let events = await client.create(id: ID())
    await client.startUpdatingLocation(id: ID())
    let consumer = Task { await collect(events) }
    await clock.waitForSleepers()
    consumer.cancel()
    _ = await consumer.value
    // The manager is torn down asynchronously after the consumer goes away.
    await waitUntil("the replay's pending wait is cancelled") { clock.sleeperCount == 0 }
    #expect(await client.location(id: ID()) == nil)
  }

  @Test("Creating an id again finishes the old stream; the new manager starts idle and can restart")
  func recreate() async throws {
    let client = LocationClient.replay(
      contentsOf: try fixtureURL("myguide-3100"), clock: ImmediateClock())
    let old = await client.create(id: ID())
    await client.startUpdatingLocation(id: ID())
    let fresh = await client.create(id: ID())
    _ = await collect(old)
    await client.startUpdatingLocation(id: ID())
    let locations = await collect(fresh, until: \.isEnd).flatMap(\.locations)
    #expect(locations.count == (try fixesInCapture(fixtureURL("myguide-3100"))).count)
    await client.destroy(id: ID())
  }

  @Test("A second start while running keeps one feed and re-delivers despite the distance filter")
  func secondStart() async throws {
    var capture = SyntheticCapture()
    let here = Coordinate(latitude: 1, longitude: 1)
    capture.fix(here)
    capture.fix(here, after: 1)
    capture.fix(here, after: 1)
    let clock = TestClock()
    let client = LocationClient.replay(capture: capture.data, clock: clock)
    let events = await client.create(id: ID())
    let guardTask = watchdog(client, id: ID())
    defer { guardTask.cancel() }
    await client.set(id: ID(), distanceFilter: 100)
    await client.startUpdatingLocation(id: ID())
    var iterator = events.makeAsyncIterator()
    var delivered = 0
    while delivered == 0, let event = await iterator.next() { delivered += event.locations.count }
    await clock.waitForSleepers()
    await client.startUpdatingLocation(id: ID())
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    while delivered == 1, let event = await iterator.next() { delivered += event.locations.count }
    #expect(delivered == 2)
    await client.destroy(id: ID())
  }

  @Test("Starting again after a replay ended plays it again")
  func restartAfterEnd() async throws {
    var capture = SyntheticCapture()
    capture.fix(Coordinate(latitude: 3, longitude: 4))
    let client = LocationClient.replay(capture: capture.data, clock: ImmediateClock())
    let events = await client.create(id: ID())
    let guardTask = watchdog(client, id: ID())
    defer { guardTask.cancel() }
    var iterator = events.makeAsyncIterator()
    await client.startUpdatingLocation(id: ID())
    var ends = 0
    var locations = 0
    while ends < 2, let event = await iterator.next() {
      locations += event.locations.count
      if event.isEnd {
        ends += 1
        if ends == 1 { await client.startUpdatingLocation(id: ID()) }
      }
    }
    #expect(locations == 2)
    await client.destroy(id: ID())
  }
}
