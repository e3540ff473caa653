import ComposableLocation
import ComposableSensorsTesting
import ComposableStore
import Foundation
import Testing

/// The seed scenario, tested the way a user of the package would test their own feature.
@Suite struct LocationFeatureTests {
  let edinburgh = Location(
    coordinate: Coordinate(latitude: 55.9533, longitude: -3.1883), altitude: 47,
    horizontalAccuracy: 5)

  /// A client whose events the test scripts: requesting authorization answers with `status`.
  func client(
    answering status: AuthorizationStatus, events: AsyncStream<LocationEvent>.Continuation,
    stream: AsyncStream<LocationEvent>
  )
    -> LocationClient
  {
    var client = LocationClient.unimplemented()
    client.create = { _ in stream }
    client.requestWhenInUseAuthorization = { _ in events.yield(.authorizationChanged(status)) }
    return client
  }

  @Test("Denied: the feature shows an alert")
  func denied() async {
    let (stream, events) = AsyncStream.makeStream(of: LocationEvent.self)
    let store = TestStore(initialState: LocationFeature.State()) {
      LocationFeature(client: client(answering: .denied, events: events, stream: stream))
    }
    await store.send(.onAppear)
    await store.receive(.locationManager(.authorizationChanged(.denied))) {
      $0.authorizationStatus = .denied
      $0.alert = "Location is unavailable: check that gpsd is running and that you may use it."
    }
    events.finish()
    await store.finish()
  }

  @Test("Authorized: the feature requests a location and it arrives in state")
  func authorized() async {
    let (stream, events) = AsyncStream.makeStream(of: LocationEvent.self)
    var client = client(answering: .authorizedWhenInUse, events: events, stream: stream)
    client.requestLocation = { [edinburgh] _ in edinburgh }
    let store = TestStore(initialState: LocationFeature.State()) { LocationFeature(client: client) }
    await store.send(.onAppear)
    await store.receive(.locationManager(.authorizationChanged(.authorizedWhenInUse))) {
      $0.authorizationStatus = .authorizedWhenInUse
    }
    await store.receive(.locationResponse(.success(edinburgh))) {
      $0.location = edinburgh
    }
    events.finish()
    await store.finish()
  }

  @Test("The same feature on the replay client, driven by a real gpsd capture")
  func replay() async throws {
    var capture = SyntheticCapture()
    capture.fix(edinburgh.coordinate, eph: 5)
    // A test clock that never advances: the request's 30 s timeout cannot win the race.
    let client = LocationClient.replay(capture: capture.data, clock: TestClock())
    let store = TestStore(initialState: LocationFeature.State()) { LocationFeature(client: client) }
    await store.send(.onAppear)
    await store.receive(.locationManager(.authorizationChanged(.authorizedWhenInUse))) {
      $0.authorizationStatus = .authorizedWhenInUse
    }
    let isResponse: (LocationFeature.Action) -> Bool = {
      if case .locationResponse = $0 { true } else { false }
    }
    await store.receive(where: isResponse) {
      $0.location = Location(
        coordinate: edinburgh.coordinate, horizontalAccuracy: 5,
        timestamp: Timestamp(timeIntervalSince1970: 1_767_225_601), device: "/dev/ttyACM0")
    }
    // Destroying the manager finishes its stream, which ends the long-running effect.
    await store.send(.onDisappear)
    await store.finish()
  }
}
