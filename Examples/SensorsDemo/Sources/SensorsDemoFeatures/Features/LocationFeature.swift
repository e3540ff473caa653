import ComposableLocation
import ComposableStore

/// `sensors-demo location`: composable-core-location's example as a feature. On appear it
/// creates a manager and asks for authorization; denied shows an alert, authorized starts
/// location updates; fixes, satellites and the link to gpsd show as they arrive.
struct LocationFeature: Reducer {
  /// The alert shown when location access is denied.
  static let deniedAlert =
    "Location makes this app better. Please consider giving us access."

  /// What the screen shows.
  struct State: Equatable, Sendable {
    /// The latest authorization status.
    var authorization = AuthorizationStatus.notDetermined
    /// An alert to show, or `nil`.
    var alert: String?
    /// The latest fix.
    var location: Location?
    /// The satellites in view.
    var satellites: [Satellite] = []
    /// The latest heading, once a parent started heading updates (the dashboard does).
    var heading: Heading?
    /// The latest state of the link to gpsd (or of the replay).
    var service: ServiceState?
    /// Fixes received.
    var locationCount = 0
    /// How many fixes of the latest `locationsUpdated` event were taken (fewer than it held
    /// when the limit was reached).
    var acceptedFromLastUpdate = 0
    /// Stop after this many fixes, or never when `nil` (`--count`).
    var limit: Int?
    /// The latest error, which the stream survives (a value: the presentation words it).
    var error: LocationError?
    /// Whether the run is over: the limit was reached, the source ended or access was denied.
    /// gpsd being unreachable is not the end: the client keeps reconnecting.
    var isFinished = false
    /// Whether the source ended by itself (a replay reached its end).
    var sourceEnded = false
    /// Whether gpsd (or the replay) was connected at least once.
    var hasConnected = false
    /// The error that ended the source for good (a replay capture that cannot be read further:
    /// no more fixes will come), which ends the run as a failure.
    var sourceFailure: LocationError?
    /// The manager this state's effects use. A parent that shows the feature again gives it
    /// another one, so the old manager, still being torn down, never destroys the new one.
    var manager = ManagerID()
    /// Whether the fixes come from a recording: the link then names what it replays (a
    /// capture of gpsd, a recorded device) rather than what a live gpsd would say.
    var isReplay = false
    /// When the latest fix arrived, on the feature's `now` (nil before the first, or without
    /// a clock).
    var lastFixArrival: Timestamp?
    /// How old the latest fix was at the latest event, in seconds: every event says it, so a
    /// fix shown while gpsd is away reads as old, not current.
    var fixAge: Double?

    /// Creates the initial state.
    init(limit: Int? = nil, manager: ManagerID = ManagerID(), isReplay: Bool = false) {
      self.limit = limit
      self.manager = manager
      self.isReplay = isReplay
    }

    /// Satellites used in the current solution.
    var satellitesUsed: Int { satellites.filter(\.used).count }

    /// Whether the link is down (reconnecting, unreachable, receiver lost): the fix shown is
    /// the last one from before, and the views say how old it is.
    var isLinkDown: Bool {
      switch service {
      case .reconnecting, .unavailable, .deviceLost: true
      default: false
      }
    }
  }

  /// What can happen.
  enum Action: Equatable, Sendable {
    /// The feature appeared: create the manager and ask for authorization.
    case onAppear
    /// The feature goes away: stop updates and destroy the manager.
    case onDisappear
    /// The manager reported something.
    case locationManager(LocationEvent)
    /// The user dismissed the alert.
    case alertDismissed
  }

  /// The manager id this feature creates and destroys: one per time the feature is shown.
  struct ManagerID: Hashable, Sendable {
    /// Which showing of the feature this manager belongs to.
    var generation = 0
  }

  enum CancelID { case events }

  let location: LocationClient
  /// The time, to date fixes as they arrive and tell their age; nil keeps no ages.
  let now: (@Sendable () -> Timestamp)?

  /// A feature on `location`, dating fixes with `now` (the app passes `{ Timestamp.now() }`).
  init(location: LocationClient, now: (@Sendable () -> Timestamp)? = nil) {
    self.location = location
    self.now = now
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .onAppear:
      return location.events(id: state.manager) { [location, id = state.manager] in
        await location.requestWhenInUseAuthorization(id: id)
      }
      .map(Action.locationManager)
      .cancellable(id: CancelID.events, cancelInFlight: true)

    case .onDisappear:
      // Cancelling the events effect destroys the manager and closes its connection.
      return .cancel(id: CancelID.events)

    case .alertDismissed:
      state.alert = nil
      return .none

    case .locationManager(let event):
      let effect = handle(event, in: &state)
      date(event, in: &state)
      return effect
    }
  }

  /// Stamps the fix an event brings with the time, and updates the age of the latest fix.
  private func date(_ event: LocationEvent, in state: inout State) {
    guard let time = now?() else { return }
    if case .locationsUpdated = event, state.acceptedFromLastUpdate > 0 {
      state.lastFixArrival = time
    }
    guard let arrival = state.lastFixArrival else { return }
    state.fixAge = max(0, time.timeIntervalSince(arrival))
  }

  private func handle(_ event: LocationEvent, in state: inout State) -> Effect<Action> {
    switch event {
    case .authorizationChanged(let status):
      state.authorization = status
      switch status {
      case .authorizedAlways, .authorizedWhenInUse:
        return .run { [location, id = state.manager] _ in
          await location.startUpdatingLocation(id: id)
        }
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
        return .run { [location, id = state.manager] _ in
          await location.stopUpdatingLocation(id: id)
        }
      }
      return .none

    case .satellitesUpdated(let satellites):
      state.satellites = satellites
      return .none

    case .serviceStateChanged(let service):
      // `unavailable` is not the end: the client keeps reconnecting (gpsd restarting, say), so
      // only the end of the source finishes the run.
      state.service = service
      if case .connected = service { state.hasConnected = true }
      if service == .ended {
        state.sourceEnded = true
        state.isFinished = true
      }
      return .none

    case .failed(let error):
      state.error = error
      // A capture that cannot be read further never ends by itself: end the run now.
      if case .replayUnreadable = error {
        state.sourceFailure = error
        state.isFinished = true
      }
      return .none

    case .headingUpdated(let heading):
      state.heading = heading
      return .none

    case .enteredRegion, .exitedRegion, .determinedState, .monitoringStarted,
      .monitoringFailed, .visit:
      return .none
    }
  }
}
