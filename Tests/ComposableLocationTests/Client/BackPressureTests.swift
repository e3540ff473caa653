import ComposableLocation
import ComposableSensorsTesting
import Foundation
import Testing

/// A slow consumer never makes memory grow, and what it misses is counted.
@Suite struct BackPressureTests {
  struct ID: Hashable, Sendable {}

  @Test("A consumer that falls behind gets the newest events, and the drops are counted")
  func slowConsumer() async throws {
    var capture = SyntheticCapture()
    for i in 1...10 { capture.fix(Coordinate(latitude: Double(i), longitude: 0)) }
    let client = LocationClient.replay(
      capture: capture.data, configuration: .init(eventBufferLimit: 4), clock: ImmediateClock())
    let events = await client.create(id: ID())
    #expect(await client.droppedEvents(id: ID()) == 0)
    await client.startUpdatingLocation(id: ID())
    // Nobody reads while the replay plays: 13 events (authorization, connected, 10 fixes, ended)
    // meet a buffer of 4, so the 9 oldest are dropped.
    // Generous: on a loaded 2-core machine the cooperative pool is shared with every other suite.
    await waitUntil("the replay has played to its end", timeout: .seconds(60)) {
      let latest = await client.location(id: ID())
      let dropped = await client.droppedEvents(id: ID())
      return latest?.coordinate.latitude == 10 && dropped == 9
    }
    let kept = await collect(events, until: \.isEnd)
    #expect(kept.flatMap(\.locations).map(\.coordinate.latitude) == [8, 9, 10])
    #expect(kept.last == .serviceStateChanged(.ended))
    #expect(await client.droppedEvents(id: ID()) == 9)
    await client.destroy(id: ID())
    #expect(await client.droppedEvents(id: ID()) == 0, "a destroyed manager is forgotten")
  }

  @Test("The default buffer absorbs a whole unpaced replay: nothing is dropped")
  func defaultBufferAbsorbsABurst() async throws {
    let client = LocationClient.replay(
      contentsOf: try fixtureURL("nmea-rtk"), clock: ImmediateClock())
    let events = await client.create(id: ID())
    await client.startUpdatingLocation(id: ID())
    let guardTask = watchdog(client, id: ID())
    defer { guardTask.cancel() }
    let locations = await collect(events, until: \.isEnd).flatMap(\.locations)
    #expect(locations.count == (try fixesInCapture(fixtureURL("nmea-rtk"))).count)
    #expect(await client.droppedEvents(id: ID()) == 0)
    await client.destroy(id: ID())
  }
}
