import ComposableLocation
import ComposableStore

/// `sensors-demo location`: composable-core-location's example as a feature. On appear it
/// creates a manager and asks for authorization; denied shows an alert, authorized starts
/// location updates; fixes, satellites and the link to gpsd show as they arrive.
public struct LocationFeature: Reducer {
  /// The alert shown when location access is denied.
  public static let deniedAlert =
    "Location makes this app better. Please consider giving us access."

  /// What the screen shows.
  public struct State: Equatable, Sendable {
    /// The latest authorization status.
    public var authorization = AuthorizationStatus.notDetermined
    /// An alert to show, or `nil`.
    public var alert: String?
    /// The latest fix.
    public var location: Location?
    /// The satellites in view.
    public var satellites: [Satellite] = []
    /// The latest state of the link to gpsd (or of the replay).
    public var service: ServiceState?
    /// Fixes received.
    public var locationCount = 0
    /// How many fixes of the latest `locationsUpdated` event were taken (fewer than it held
    /// when the limit was reached).
    public var acceptedFromLastUpdate = 0
    /// Stop after this many fixes, or never when `nil` (`--count`).
    public var limit: Int?
    /// The latest error, which the stream survives.
    public var errorMessage: String?
    /// Whether the run is over: the limit was reached, the source ended, gpsd is unavailable
    /// or access was denied.
    public var isFinished = false

    /// Creates the initial state.
    public init(limit: Int? = nil) {
      self.limit = limit
    }

    /// Satellites used in the current solution.
    public var satellitesUsed: Int { satellites.filter(\.used).count }
  }

  /// What can happen.
  public enum Action: Equatable, Sendable {
    /// The feature appeared: create the manager and ask for authorization.
    case onAppear
    /// The feature goes away: stop updates and destroy the manager.
    case onDisappear
    /// The manager reported something.
    case locationManager(LocationEvent)
    /// The user dismissed the alert.
    case alertDismissed
  }

  /// The manager id this feature creates and destroys.
  public struct ManagerID: Hashable, Sendable {
    /// Creates the id.
    public init() {}
  }

  enum CancelID { case events }

  let location: LocationClient

  /// Creates the feature on a location client (`.replay`, `.live` or a test's client).
  public init(location: LocationClient) {
    self.location = location
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .onAppear:
      return .run { [location] send in
        let events = await location.create(id: ManagerID())
        await location.requestWhenInUseAuthorization(id: ManagerID())
        for await event in events {
          await send(.locationManager(event))
        }
      }
      .cancellable(id: CancelID.events, cancelInFlight: true)

    case .onDisappear:
      return .concatenate(
        .cancel(id: CancelID.events),
        .run { [location] _ in await location.destroy(id: ManagerID()) })

    case .alertDismissed:
      state.alert = nil
      return .none

    case .locationManager(let event):
      return handle(event, in: &state)
    }
  }

  private func handle(_ event: LocationEvent, in state: inout State) -> Effect<Action> {
    switch event {
    case .authorizationChanged(let status):
      state.authorization = status
      switch status {
      case .authorizedAlways, .authorizedWhenInUse:
        return .run { [location] _ in await location.startUpdatingLocation(id: ManagerID()) }
      case .denied, .restricted:
        state.alert = Self.deniedAlert
        state.isFinished = true
        return .none
      case .notDetermined:
        return .none
      }

    case .locationsUpdated(let locations):
      // With a limit, take only the fixes it still allows, and none once it is reached.
      let room = state.limit.map { max(0, $0 - state.locationCount) } ?? locations.count
      let accepted = locations.prefix(room)
      state.acceptedFromLastUpdate = accepted.count
      guard let last = accepted.last else { return .none }
      state.location = last
      state.locationCount += accepted.count
      if let limit = state.limit, state.locationCount >= limit {
        state.isFinished = true
        return .run { [location] _ in await location.stopUpdatingLocation(id: ManagerID()) }
      }
      return .none

    case .satellitesUpdated(let satellites):
      state.satellites = satellites
      return .none

    case .serviceStateChanged(let service):
      state.service = service
      if service == .ended || service == .unavailable { state.isFinished = true }
      return .none

    case .failed(let error):
      state.errorMessage = error.description
      return .none

    case .headingUpdated, .enteredRegion, .exitedRegion, .determinedState, .monitoringStarted,
      .monitoringFailed, .visit:
      return .none
    }
  }
}
