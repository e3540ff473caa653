import ComposableLocation
import ComposableStore

/// The seed scenario as a feature: on appear ask for authorization; denied shows an alert;
/// authorized requests one location, which lands in state.
struct LocationFeature: Reducer {
  struct State: Equatable, Sendable {
    var authorizationStatus: AuthorizationStatus = .notDetermined
    var alert: String?
    var location: Location?
  }

  enum Action: Equatable, Sendable {
    case onAppear
    case onDisappear
    case locationManager(LocationEvent)
    case locationResponse(Result<Location, LocationError>)
  }

  struct ManagerID: Hashable, Sendable {}

  let client: LocationClient

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .onAppear:
      return .run { [client] send in
        let events = await client.create(id: ManagerID())
        await client.requestWhenInUseAuthorization(id: ManagerID())
        for await event in events {
          await send(.locationManager(event))
        }
      }

    case .onDisappear:
      return .run { [client] _ in await client.destroy(id: ManagerID()) }

    case .locationManager(.authorizationChanged(let status)):
      state.authorizationStatus = status
      switch status {
      case .denied, .restricted:
        state.alert = "Location is unavailable: check that gpsd is running and that you may use it."
        return .none
      case .authorizedAlways, .authorizedWhenInUse:
        return .run { [client] send in
          do throws(LocationError) {
            let location = try await client.requestLocation(id: ManagerID())
            await send(.locationResponse(.success(location)))
          } catch {
            await send(.locationResponse(.failure(error)))
          }
        }
      case .notDetermined:
        return .none
      }

    case .locationManager:
      return .none

    case .locationResponse(.success(let location)):
      state.location = location
      return .none

    case .locationResponse(.failure(let error)):
      state.alert = error.description
      return .none
    }
  }
}
