import ComposableLocation
import ComposableSensorsTesting
import Foundation
import SensorsTestSupport
import Testing

/// A slow consumer never makes memory grow, and what it misses is counted.
@Suite struct BackPressureTests {
  struct ID: Hashable, Sendable {}

  @Test("A replay waits for a consumer that falls behind: every event arrives, none is dropped")
  func slowConsumer() async throws {
    var capture = SyntheticCapture()
    for i in 1...10 { capture.fix(Coordinate(latitude: Double(i), longitude: 0)) }
    let client = LocationClient.replay(
      capture: capture.data, configuration: .init(eventBufferLimit: 4), clock: ImmediateClock())
    let events = await client.create(id: ID())
    await client.startUpdatingLocation(id: ID())
    // 13 events (authorization, connected, 10 fixes, ended) meet a buffer of 4 that nobody
    // reads yet: the replay, a file, waits for room instead of dropping (live feeds drop the
    // oldest and count it; see LosslessChannelTests).
    let kept = await collect(events, until: \.isEnd)
    #expect(kept.flatMap(\.locations).map(\.coordinate.latitude) == (1...10).map(Double.init))
    #expect(kept.last == .serviceStateChanged(.ended))
    #expect(await client.droppedEvents(id: ID()) == 0)
    await client.destroy(id: ID())
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
