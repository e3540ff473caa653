import ComposableLocation
import ComposableStore

/// A feature as a user of the package writes it: it follows location, monitors a region around
/// home, and says the user is home once they have stayed inside for five seconds (its own timer
/// on the injected clock).
struct Geofence: Reducer {
  struct State: Equatable, Sendable {
    var fixes = 0
    var location: Location?
    var isInside = false
    var isHome = false
  }

  enum Action: Equatable, Sendable {
    case onAppear
    case locationManager(LocationEvent)
    case dwellElapsed
  }

  let location: LocationClient
  let clock: any Clock<Duration>

  struct ManagerID: Hashable, Sendable {}
  enum CancelID { case dwell }

  static let home = Region(
    id: "home", center: Coordinate(latitude: 52.5163, longitude: 13.3777), radius: 50)
  static let dwell = Duration.seconds(5)

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .onAppear:
      return .run { [location] send in
        let events = await location.create(id: ManagerID())
        await location.startMonitoring(id: ManagerID(), region: Self.home)
        await location.startUpdatingLocation(id: ManagerID())
        for await event in events {
          await send(.locationManager(event))
        }
      }

    case .locationManager(.locationsUpdated(let fixes)):
      state.fixes += fixes.count
      state.location = fixes.last
      return .none

    case .locationManager(.enteredRegion(let region)) where region.id == Self.home.id:
      state.isInside = true
      return .run { [clock] send in
        try await clock.sleep(for: Self.dwell)
        await send(.dwellElapsed)
      }
      .cancellable(id: CancelID.dwell, cancelInFlight: true)

    case .locationManager(.exitedRegion(let region)) where region.id == Self.home.id:
      state.isInside = false
      state.isHome = false
      return .cancel(id: CancelID.dwell)

    case .locationManager:
      return .none

    case .dwellElapsed:
      state.isHome = true
      return .none
    }
  }
}
