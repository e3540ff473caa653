import ComposableLocation
import ComposableSensorsTesting
import Foundation
import Testing

@Suite struct AuthorizationTests {
  struct ID: Hashable, Sendable {}

  @Test("Requesting authorization when the source answers authorizes and tells every manager")
  func authorized() async throws {
    let client = LocationClient.replay(
      contentsOf: try fixtureURL("skytraq"), clock: ImmediateClock())
    #expect(await client.authorizationStatus() == .notDetermined)
    let statuses = await client.authorizationStatusUpdates()
    let events = await client.create(id: ID())
    let guardTask = watchdog(client, id: ID())
    defer { guardTask.cancel() }
    await client.requestWhenInUseAuthorization(id: ID())
    #expect(await client.authorizationStatus() == .authorizedWhenInUse)
    #expect(await client.locationServicesEnabled())
    var iterator = events.makeAsyncIterator()
    #expect(await iterator.next() == .authorizationChanged(.authorizedWhenInUse))
    await client.requestAlwaysAuthorization(id: ID())
    #expect(await iterator.next() == .authorizationChanged(.authorizedAlways))
    // The status stream starts with the status at subscription, then follows every change.
    var statusIterator = statuses.makeAsyncIterator()
    #expect(await statusIterator.next() == .notDetermined)
    #expect(await statusIterator.next() == .authorizedWhenInUse)
    #expect(await statusIterator.next() == .authorizedAlways)
    await client.destroy(id: ID())
  }

  @Test(
    "A manager created once authorization is settled hears the status, as CLLocationManager does")
  func laterManagerHearsTheStatus() async throws {
    struct Later: Hashable, Sendable {}
    let client = LocationClient.replay(
      contentsOf: try fixtureURL("skytraq"), clock: ImmediateClock())
    let first = await client.create(id: ID())
    await client.requestWhenInUseAuthorization(id: ID())
    var firstEvents = first.makeAsyncIterator()
    #expect(await firstEvents.next() == .authorizationChanged(.authorizedWhenInUse))
    await client.destroy(id: ID())

    // The same id created again, and another id: each starts with the settled status.
    for events in [await client.create(id: ID()), await client.create(id: Later())] {
      var iterator = events.makeAsyncIterator()
      #expect(await iterator.next() == .authorizationChanged(.authorizedWhenInUse))
    }
    await client.destroy(id: ID())
    await client.destroy(id: Later())
  }

  @Test("No service: denied, services disabled, and an error saying what to do")
  func serviceUnavailable() async throws {
    let client = LocationClient.replay(
      contentsOf: URL(fileURLWithPath: "/nonexistent.jsonl"), clock: ImmediateClock())
    let events = await client.create(id: ID())
    let guardTask = watchdog(client, id: ID())
    defer { guardTask.cancel() }
    await client.requestWhenInUseAuthorization(id: ID())
    #expect(await client.authorizationStatus() == .denied)
    #expect(await client.locationServicesEnabled() == false)
    var iterator = events.makeAsyncIterator()
    #expect(await iterator.next() == .authorizationChanged(.denied))
    let failure = await iterator.next()
    guard case .failed(.replayUnreadable) = failure else {
      Issue.record("expected a replayUnreadable failure, got \(String(describing: failure))")
      return
    }
    await #expect(throws: LocationError.notAuthorized(.denied)) {
      try await client.requestLocation(id: ID())
    }
    await client.destroy(id: ID())
  }
}
