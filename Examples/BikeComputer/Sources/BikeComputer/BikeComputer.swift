import ComposableLocation
import ComposableMotion
import ComposableStore

/// A bike computer: location and device motion in one store. It adds up the distance ridden and
/// the top speed from fixes, says when the bike leaves and re-enters a geofence (monitored by
/// the location client), and treats a hard jolt of user acceleration as a possible crash:
/// unless the rider taps "I'm OK" within ``crashCountdown``, it calls for help.
///
/// Written only against the package's public API, the way an app would be; its tests use
/// `TestStore`, `ScriptedStream` and `TestClock` from ComposableSensorsTesting.
public struct BikeComputer: Reducer {
  /// User acceleration beyond which a jolt counts as a possible crash, in g.
  public static let crashThreshold = 3.0
  /// How long the rider has to say they are fine, on the injected clock.
  public static let crashCountdown = Duration.seconds(30)
  /// Fixes less accurate than this (metres, gpsd's 95 % horizontal accuracy) do not add to the distance.
  public static let worstUsableAccuracy = 25.0

  /// What the screen shows.
  public struct State: Equatable, Sendable {
    /// The geofence the ride starts in, e.g. home.
    public var geofence: Region
    /// Whether the bike is inside the geofence (it starts there).
    public var isInsideGeofence = true
    /// How many times the bike left the geofence.
    public var departures = 0
    /// Metres ridden, summed between usable fixes.
    public var distance = 0.0
    /// The latest speed over ground, m/s.
    public var speed = 0.0
    /// The highest speed seen, m/s.
    public var topSpeed = 0.0
    /// The last usable fix.
    public var lastFix: Location?
    /// Whether location access was granted.
    public var isAuthorized = false
    /// Device-motion updates received.
    public var motionUpdateCount = 0
    /// When a possible crash was detected (device-motion timestamp, s), until resolved.
    public var possibleCrashAt: Double?
    /// Whether the countdown ran out and help was called.
    public var calledForHelp = false
    /// Why motion updates stopped, if they failed.
    public var motionError: String?

    /// Creates the state of a ride starting inside `geofence`.
    public init(geofence: Region) {
      self.geofence = geofence
    }
  }

  /// What can happen.
  public enum Action: Equatable, Sendable {
    /// The ride screen appeared: start location and device motion.
    case onAppear
    /// It went away: stop both.
    case onDisappear
    /// The location manager reported something.
    case location(LocationEvent)
    /// Device motion sent an update or ended.
    case motion(MotionUpdate<DeviceMotion>)
    /// The rider tapped "I'm OK" after a jolt.
    case imOKTapped
    /// Nobody answered within the countdown.
    case crashCountdownElapsed
  }

  struct LocationID: Hashable, Sendable {}
  struct MotionID: Hashable, Sendable {}
  enum CancelID { case location, motion, countdown }

  let location: LocationClient
  let motion: MotionClient
  let clock: any Clock<Duration>

  /// Creates the bike computer on its clients; `clock` times the crash countdown.
  public init(location: LocationClient, motion: MotionClient, clock: any Clock<Duration>) {
    self.location = location
    self.motion = motion
    self.clock = clock
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .onAppear:
      return .merge(
        location.events(id: LocationID()) { [location] in
          await location.requestWhenInUseAuthorization(id: LocationID())
        }
        .map(Action.location)
        .cancellable(id: CancelID.location, cancelInFlight: true),
        motion.deviceMotionUpdates(id: MotionID()).map(Action.motion)
          .cancellable(id: CancelID.motion, cancelInFlight: true))

    case .onDisappear:
      return .merge(
        .cancel(id: CancelID.location), .cancel(id: CancelID.motion),
        .cancel(id: CancelID.countdown))

    case .location(.authorizationChanged(let status)):
      state.isAuthorized = status == .authorizedWhenInUse || status == .authorizedAlways
      guard state.isAuthorized else { return .none }
      return .run { [location, geofence = state.geofence] _ in
        await location.startUpdatingLocation(id: LocationID())
        await location.startMonitoring(id: LocationID(), region: geofence)
      }

    case .location(.locationsUpdated(let fixes)):
      for fix in fixes { Self.ride(to: fix, in: &state) }
      return .none

    case .location(.exitedRegion(let region)) where region.id == state.geofence.id:
      state.isInsideGeofence = false
      state.departures += 1
      return .none

    case .location(.enteredRegion(let region)) where region.id == state.geofence.id:
      state.isInsideGeofence = true
      return .none

    case .location:
      return .none

    case .motion(.sample(let update)):
      state.motionUpdateCount += 1
      guard state.possibleCrashAt == nil, !state.calledForHelp,
        update.userAcceleration.magnitude > Self.crashThreshold
      else { return .none }
      state.possibleCrashAt = update.timestamp
      return .run { [clock] send in
        try await clock.sleep(for: Self.crashCountdown)
        await send(.crashCountdownElapsed)
      }
      .cancellable(id: CancelID.countdown, cancelInFlight: true)

    case .motion(.failed(let error)):
      state.motionError = error.description
      return .none

    case .motion(.finished):
      return .none

    case .imOKTapped:
      state.possibleCrashAt = nil
      return .cancel(id: CancelID.countdown)

    case .crashCountdownElapsed:
      state.calledForHelp = true
      return .none
    }
  }

  /// Adds the leg from the last usable fix to `fix` and updates the speeds; fixes without a
  /// usable accuracy are ignored.
  static func ride(to fix: Location, in state: inout State) {
    guard let accuracy = fix.horizontalAccuracy, accuracy <= worstUsableAccuracy else { return }
    if let last = state.lastFix, let leg = try? last.coordinate.distance(to: fix.coordinate) {
      state.distance += leg
    }
    state.lastFix = fix
    state.speed = fix.speed ?? state.speed
    state.topSpeed = max(state.topSpeed, state.speed)
  }
}
