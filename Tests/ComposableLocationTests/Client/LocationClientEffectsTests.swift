import ComposableLocation
import ComposableSensorsTesting
import ComposableStore
import Synchronization
import Testing

@Suite struct LocationClientEffectsTests {
  struct Feature: Reducer {
    struct State: Equatable { var events: [LocationEvent] = [] }
    enum Action: Equatable {
      case onAppear, onDisappear
      case locationManager(LocationEvent)
    }
    struct ManagerID: Hashable, Sendable {}
    enum CancelID { case location }
    let location: LocationClient

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .onAppear:
        return location.events(id: ManagerID()) {
          await location.requestWhenInUseAuthorization(id: ManagerID())
        }
        .map(Action.locationManager)
        .cancellable(id: CancelID.location, cancelInFlight: true)
      case .onDisappear:
        return .cancel(id: CancelID.location)
      case .locationManager(let event):
        state.events.append(event)
        return .none
      }
    }
  }

  static func client(_ events: ScriptedStream<LocationEvent>, calls: EndpointCalls)
    -> LocationClient
  {
    var location = LocationClient.unimplemented()
    location.create = { _ in
      calls.record("create")
      return events.nonThrowingStream
    }
    location.requestWhenInUseAuthorization = { _ in calls.record("request") }
    location.destroy = { _ in calls.record("destroy") }
    return location
  }

  @Test func eventsAreSentInOrderAfterTheManagerIsCreated() async {
    let events = ScriptedStream<LocationEvent>()
    let calls = EndpointCalls()
    let store = TestStore(initialState: Feature.State()) {
      Feature(location: Self.client(events, calls: calls))
    }
    await store.send(.onAppear)
    await events.waitForConsumer()
    let fix = Location.test(speed: 4.2)
    events.yield(.authorizationChanged(.authorizedWhenInUse))
    events.yield(.locationsUpdated([fix]))
    await store.receive(.locationManager(.authorizationChanged(.authorizedWhenInUse))) {
      $0.events = [.authorizationChanged(.authorizedWhenInUse)]
    }
    await store.receive(.locationManager(.locationsUpdated([fix]))) {
      $0.events.append(.locationsUpdated([fix]))
    }
    events.finish()
    await store.finish()
    #expect(calls.names == ["create", "request", "destroy"])
  }

  @Test func cancellingDestroysTheManager() async {
    let events = ScriptedStream<LocationEvent>()
    let calls = EndpointCalls()
    let store = TestStore(initialState: Feature.State()) {
      Feature(location: Self.client(events, calls: calls))
    }
    await store.send(.onAppear)
    await events.waitForConsumer()
    await store.send(.onDisappear)
    await store.finish()
    #expect(calls.names == ["create", "request", "destroy"])
  }

  @Test func theTestFactoryHasAUsableThreeDimensionalFix() {
    let fix = Location.test()
    #expect(fix.fix == .threeDimensional)
    #expect(fix.coordinate.isValid)
    #expect(fix.horizontalAccuracy == 5)
    #expect(Location.test(latitude: -33.86, longitude: 151.21).coordinate.latitude == -33.86)
  }
}

/// The endpoints a test's client was called with, in order.
final class EndpointCalls: Sendable {
  private let log = Mutex<[String]>([])
  func record(_ name: String) { log.withLock { $0.append(name) } }
  var names: [String] { log.withLock { $0 } }
}
