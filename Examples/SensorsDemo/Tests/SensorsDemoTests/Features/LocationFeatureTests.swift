import ComposableLocation
import ComposableSensorsTesting
import Synchronization
import Testing

@testable import SensorsDemoFeatures

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

  @Test(
    "The age of the last fix comes with every event, and a fix shown while gpsd is away reads as stale"
  )
  func staleFixesSayHowOldTheyAre() async {
    let clock = Mutex(Timestamp(timeIntervalSince1970: 1_000))
    let store = TestStore(initialState: LocationFeature.State()) {
      LocationFeature(location: .unimplemented(), now: { clock.withLock { $0 } })
    }
    let fix = Location.test()
    await store.send(.locationManager(.locationsUpdated([fix]))) {
      $0.location = fix
      $0.locationCount = 1
      $0.acceptedFromLastUpdate = 1
      $0.lastFixArrival = Timestamp(timeIntervalSince1970: 1_000)
      $0.fixAge = 0
    }
    #expect(!LocationFeature.rows(for: store.state).joined().contains("STALE"))

    clock.withLock { $0 = Timestamp(timeIntervalSince1970: 1_042) }
    let reconnecting = LocationEvent.serviceStateChanged(.reconnecting(attempt: 6))
    await store.send(.locationManager(reconnecting)) {
      $0.service = .reconnecting(attempt: 6)
      $0.fixAge = 42
    }
    #expect(
      LocationFeature.rows(for: store.state).contains { $0.contains("STALE: last fix 42 s ago") })
    #expect(LocationFeature.summaryRows(for: store.state).contains { $0.contains("STALE") })
    let action = LocationFeature.Action.locationManager(reconnecting)
    #expect(
      LocationFeature.presentation.lines(action, store.state)
        == ["link: reconnecting (attempt 6); last fix 42 s ago"])
    #expect(
      LocationFeature.presentation.json(action, store.state).map(\.description)
        == [#"{"event":"service","state":"reconnecting (attempt 6)","fixAge":42}"#])
    await store.finish()
  }

  @Test("a replay's link names what it replays, not a live gpsd and device")
  func replayLinkSaysReplay() {
    #expect(LocationFeature.describe(.connected(release: "3.22")) == "connected (gpsd 3.22)")
    #expect(
      LocationFeature.describe(.connected(release: "3.22"), isReplay: true)
        == "replaying a capture of gpsd 3.22")
    #expect(
      LocationFeature.describe(.deviceActivated(device: "/dev/pts/1"), isReplay: true)
        == "recorded device /dev/pts/1")
    var state = LocationFeature.State(isReplay: true)
    state.service = .deviceActivated(device: "/dev/pts/1")
    #expect(LocationFeature.linkRows(state).first?.contains("recorded device /dev/pts/1") == true)
  }

  @Test("gpsd unavailable is not the end: the run goes on while the client reconnects")
  func unavailableIsNotTheEnd() async {
    let store = TestStore(initialState: LocationFeature.State()) {
      LocationFeature(location: .unimplemented())
    }
    let error = LocationError.serviceUnavailable(
      address: "127.0.0.1:2947", cause: .refused(host: "127.0.0.1", port: 2947))
    await store.send(.locationManager(.failed(error))) { $0.error = error }
    await store.send(.locationManager(.serviceStateChanged(.unavailable))) {
      $0.service = .unavailable
    }
    await store.send(.locationManager(.serviceStateChanged(.reconnecting(attempt: 3)))) {
      $0.service = .reconnecting(attempt: 3)
    }
    await store.send(.locationManager(.serviceStateChanged(.connected(release: "3.25")))) {
      $0.service = .connected(release: "3.25")
      $0.hasConnected = true
    }
    #expect(!store.state.isFinished)
    #expect(LocationFeature.rows(for: store.state).first?.contains("connected (gpsd 3.25)") == true)
  }

  @Test("gpsd unreachable is said once, without GPSD_HOST advice the header already covers")
  func unreachableIsSaidOnce() {
    let refused = LocationError.serviceUnavailable(
      address: "127.0.0.1:2951", cause: .refused(host: "127.0.0.1", port: 2951))
    #expect(
      LocationFeature.message(for: refused)
        == "gpsd at 127.0.0.1:2951 cannot be reached: nothing listens there (connection refused); "
        + "is gpsd running? Still retrying.")
    #expect(
      LocationFeature.line(for: .failed(refused)) == "error: "
        + LocationFeature.message(for: refused))
    let lost = LocationError.connectionLost(.closedByPeer)
    #expect(
      LocationFeature.message(for: lost) == lost.description,
      "other errors keep the library's words")
    for error in [refused, lost] {
      let text = LocationFeature.message(for: error)
      #expect(!text.contains("GPSD_HOST"))
      #expect(text.components(separatedBy: "Start").count <= 2, "advice given at most once")
    }
  }

  @Test("the end of a replay finishes the run and is said on screen")
  func endOfReplay() async {
    let store = TestStore(initialState: LocationFeature.State()) {
      LocationFeature(location: .unimplemented())
    }
    await store.send(.locationManager(.serviceStateChanged(.ended))) {
      $0.service = .ended
      $0.sourceEnded = true
      $0.isFinished = true
    }
    #expect(LocationFeature.rows(for: store.state).contains { $0.contains("END OF REPLAY") })
  }

  @Test("a replay capture that cannot be read further ends the run as a failure, at once")
  func unreadableCaptureEndsTheRun() async {
    let store = TestStore(initialState: LocationFeature.State()) {
      LocationFeature(location: .unimplemented())
    }
    let error = LocationError.replayUnreadable(
      path: "drive.jsonl", problem: .lineTooLong(line: 2, limit: 65536))
    await store.send(.locationManager(.failed(error))) {
      $0.error = error
      $0.sourceFailure = error
      $0.isFinished = true
    }
  }
}
