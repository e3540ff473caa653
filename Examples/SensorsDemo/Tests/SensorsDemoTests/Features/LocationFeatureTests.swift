import ComposableLocation
import ComposableSensorsTesting
import SensorsDemoFeatures
import Testing

@Suite("Location command")
struct LocationFeatureTests {
  @Test("--count N takes exactly N fixes, even from one event carrying more, then stops updates")
  func countLimit() async {
    let calls = CallLog()
    var location = LocationClient.unimplemented()
    location.stopUpdatingLocation = { _ in calls.record("stopUpdatingLocation") }
    let store = TestStore(initialState: LocationFeature.State(limit: 2)) {
      LocationFeature(location: location)
    }
    let fixes = (1...3).map { Location(coordinate: Coordinate(latitude: Double($0), longitude: 0)) }

    await store.send(.locationManager(.locationsUpdated(fixes))) {
      $0.location = fixes[1]
      $0.locationCount = 2
      $0.acceptedFromLastUpdate = 2
      $0.isFinished = true
    }
    await store.send(.locationManager(.locationsUpdated([fixes[2]]))) {
      $0.acceptedFromLastUpdate = 0
    }
    await store.finish()
    #expect(calls.names == ["stopUpdatingLocation"])
    #expect(
      LocationFeature.presentation.json(.locationManager(.locationsUpdated(fixes)), store.state)
        .isEmpty,
      "fixes past the limit are not printed")
  }

  @Test("gpsd unavailable ends the run with the client's message")
  func unavailable() async {
    let store = TestStore(initialState: LocationFeature.State()) {
      LocationFeature(location: .unimplemented())
    }
    let error = LocationError.serviceUnavailable(
      address: "127.0.0.1:2947", reason: "connection refused")
    await store.send(.locationManager(.failed(error))) { $0.errorMessage = error.description }
    await store.send(.locationManager(.serviceStateChanged(.unavailable))) {
      $0.service = .unavailable
      $0.isFinished = true
    }
    #expect(store.state.errorMessage?.contains("sudo systemctl start gpsd") == true)
  }
}
