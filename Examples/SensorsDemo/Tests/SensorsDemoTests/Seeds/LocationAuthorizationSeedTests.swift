import ComposableLocation
import ComposableSensorsTesting
import Foundation
import Testing

@testable import SensorsDemoFeatures

/// composable-core-location's example test: on appear, ask for authorization; denied shows an
/// alert, authorized starts updates and the fix arrives in state.
@Suite("Seed: location authorization")
struct LocationAuthorizationSeedTests {
  /// A client whose manager stream the test feeds, answering authorization with `answer`.
  private func client(
    answer: AuthorizationStatus, calls: CallLog, events: AsyncStream<LocationEvent>.Continuation,
    stream: AsyncStream<LocationEvent>
  ) -> LocationClient {
    var location = LocationClient.unimplemented()
    location.create = { _ in
      calls.record("create")
      return stream
    }
    location.requestWhenInUseAuthorization = { _ in
      calls.record("requestWhenInUseAuthorization")
      events.yield(.authorizationChanged(answer))
    }
    location.startUpdatingLocation = { _ in calls.record("startUpdatingLocation") }
    location.destroy = { _ in
      calls.record("destroy")
      events.finish()
    }
    return location
  }

  @Test("on appear → authorization requested → denied → alert")
  func deniedShowsAlert() async {
    let calls = CallLog()
    let (stream, events) = AsyncStream.makeStream(of: LocationEvent.self)
    let location = client(answer: .denied, calls: calls, events: events, stream: stream)
    let store = TestStore(initialState: LocationFeature.State()) {
      LocationFeature(location: location)
    }

    await store.send(.onAppear)
    await store.receive(.locationManager(.authorizationChanged(.denied))) {
      $0.authorization = .denied
      $0.alert = "Location makes this app better. Please consider giving us access."
      $0.isFinished = true
    }
    await store.send(.alertDismissed) { $0.alert = nil }
    await store.send(.onDisappear)
    await store.finish()

    #expect(calls.names == ["create", "requestWhenInUseAuthorization", "destroy"])
  }

  @Test("on appear → authorized → updates start → the fix arrives in state")
  func authorizedReceivesLocation() async {
    let calls = CallLog()
    let (stream, events) = AsyncStream.makeStream(of: LocationEvent.self)
    let location = client(
      answer: .authorizedWhenInUse, calls: calls, events: events, stream: stream)
    let store = TestStore(initialState: LocationFeature.State()) {
      LocationFeature(location: location)
    }

    await store.send(.onAppear)
    await store.receive(.locationManager(.authorizationChanged(.authorizedWhenInUse))) {
      $0.authorization = .authorizedWhenInUse
    }
    let berlin = Location(
      coordinate: Coordinate(latitude: 52.52, longitude: 13.405), horizontalAccuracy: 5)
    events.yield(.locationsUpdated([berlin]))
    await store.receive(.locationManager(.locationsUpdated([berlin]))) {
      $0.location = berlin
      $0.locationCount = 1
      $0.acceptedFromLastUpdate = 1
    }
    await store.send(.onDisappear)
    await store.finish()

    #expect(
      calls.names == [
        "create", "requestWhenInUseAuthorization", "startUpdatingLocation", "destroy",
      ])
  }

  @Test("the authorization status stream starts with the current status, then follows changes")
  func authorizationStatusStream() async throws {
    let capture = Data(
      """
      {"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}
      {"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"2026-11-22T09:53:05.802Z","lat":52.52,"lon":13.405,"eph":5.0}

      """.utf8)
    let client = LocationClient.replay(capture: capture, clock: TestClock())
    var statuses = await client.authorizationStatusUpdates().makeAsyncIterator()

    #expect(await statuses.next() == .notDetermined)
    await client.requestWhenInUseAuthorization(id: "manager")
    #expect(await statuses.next() == .authorizedWhenInUse)
  }
}
