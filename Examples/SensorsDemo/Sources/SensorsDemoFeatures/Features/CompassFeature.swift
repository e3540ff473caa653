import ComposableLocation
import ComposableStore

/// A compass from `LocationClient`, as composable-core-location's users have it: location
/// updates start at once, heading updates once the first fix says where the device is (so every
/// heading has its true north), in the orientation the state names.
///
/// The client gets its headings from a compass source (`LocationClient.Configuration.compass`,
/// `CompassSource.deviceMotion(motionClient)`), or from the course over ground without one.
struct CompassFeature: Reducer {
  /// What the compass shows.
  struct State: Equatable, Sendable {
    /// The latest heading.
    var heading: Heading?
    /// Headings received.
    var headingCount = 0
    /// The latest headings, oldest first, at most ``historyLimit``.
    var history: [Heading] = []
    /// The latest fix.
    var location: Location?
    /// Fixes received.
    var locationCount = 0
    /// Whether heading updates were started.
    var isUpdatingHeading = false
    /// The orientation headings are measured for.
    var orientation = HeadingOrientation.portrait
    /// Minimum change between headings, degrees.
    var headingFilter = 1.0
    /// The latest error.
    var error: LocationError?
  }

  /// What can happen.
  enum Action: Equatable, Sendable {
    /// The compass appeared: create the manager, ask for authorization, start fixes.
    case onAppear
    /// The compass goes away: its manager is destroyed.
    case onDisappear
    /// The user turned the device to another orientation.
    case orientationChanged(HeadingOrientation)
    /// The manager reported something.
    case locationManager(LocationEvent)
  }

  enum CancelID { case events }

  /// How many headings ``State/history`` keeps.
  static let historyLimit = 512

  /// The manager's id.
  struct ManagerID: Hashable, Sendable {}

  let location: LocationClient

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .onAppear:
      return location.events(id: ManagerID()) {
        [location, filter = state.headingFilter, orientation = state.orientation] in
        await location.set(
          id: ManagerID(), headingFilter: filter, headingOrientation: orientation)
        await location.requestWhenInUseAuthorization(id: ManagerID())
        await location.startUpdatingLocation(id: ManagerID())
      }
      .map(Action.locationManager)
      .cancellable(id: CancelID.events, cancelInFlight: true)

    case .onDisappear:
      return .cancel(id: CancelID.events)

    case .orientationChanged(let orientation):
      state.orientation = orientation
      return .run { [location] _ in
        await location.set(id: ManagerID(), headingOrientation: orientation)
      }

    case .locationManager(.locationsUpdated(let locations)):
      guard let last = locations.last else { return .none }
      state.location = last
      state.locationCount += locations.count
      guard !state.isUpdatingHeading else { return .none }
      state.isUpdatingHeading = true
      return .run { [location] _ in await location.startUpdatingHeading(id: ManagerID()) }

    case .locationManager(.headingUpdated(let heading)):
      state.heading = heading
      state.headingCount += 1
      state.history.append(heading)
      if state.history.count > Self.historyLimit { state.history.removeFirst() }
      return .none

    case .locationManager(.failed(let error)):
      state.error = error
      return .none

    case .locationManager:
      return .none
    }
  }
}
