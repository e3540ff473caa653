import ComposableLocation
import ComposableMotion
import ComposableStore

/// `sensors-demo` with no command: device motion and location side by side, built from
/// ``MotionFeature`` with `Scope` and ``LocationFeature`` with `ifLet`: the location panel
/// exists only from ``Action/locationShown`` to ``Action/locationHidden``, and hiding it cancels
/// every effect the panel started (its manager is destroyed) without a stop action.
struct DashboardFeature: Reducer {
  /// Both halves of the dashboard.
  struct State: Equatable, Sendable {
    /// The device-motion half.
    var motion: MotionFeature.State
    /// The location panel, while it runs (`nil` before it is shown and after it is hidden).
    var location: LocationFeature.State?
    /// How many times the location panel was shown: each showing uses its own manager id.
    var locationShowings = 0
    /// Whether the location half replays a recording.
    var locationIsReplay = false

    /// Creates the dashboard's initial state, without its location panel.
    init(frame: AttitudeReferenceFrame = .xArbitraryZVertical) {
      self.motion = MotionFeature.State(frame: frame)
    }

    /// The tilt gravity shows right now (no debounce: the dashboard shows the raw reading).
    var tilt: String {
      guard let gravity = motion.latest?.gravity else { return "—" }
      return TiltFeature.describe(
        frontal: TiltFeature.FrontalTilt(gravityZ: gravity.z),
        lateral: TiltFeature.LateralTilt(gravityX: gravity.x))
    }

    /// Whether the dashboard is done: the motion half finished, and the location panel too
    /// while it is shown.
    var isFinished: Bool { motion.isFinished && (location?.isFinished ?? true) }
  }

  /// What can happen: each half's own actions, and the location panel shown or hidden. The
  /// halves are started by their own actions (`.motion(.start)`, `.location(.onAppear)`), sent
  /// by whoever shows the dashboard, not by a parent action that forwards them.
  enum Action: Equatable, Sendable {
    /// Something for the motion half.
    case motion(MotionFeature.Action)
    /// Something for the location panel (dropped, with a runtime warning, while it is hidden).
    case location(LocationFeature.Action)
    /// Show the location panel: its state starts fresh.
    case locationShown
    /// Hide the location panel: its state goes away and `ifLet` cancels its effects.
    case locationHidden

    static let motionPath = ActionPath<Self, MotionFeature.Action>(embed: Self.motion) {
      guard case .motion(let action) = $0 else { return nil }
      return action
    }

    static let locationPath = ActionPath<Self, LocationFeature.Action>(embed: Self.location) {
      guard case .location(let action) = $0 else { return nil }
      return action
    }
  }

  let motion: MotionClient
  let location: LocationClient

  /// Creates the dashboard on its two clients.
  /// The time the location panel dates its fixes with (see ``LocationFeature/now``).
  let now: (@Sendable () -> Timestamp)?

  init(motion: MotionClient, location: LocationClient, now: (@Sendable () -> Timestamp)? = nil) {
    self.motion = motion
    self.location = location
    self.now = now
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.motion, action: Action.motionPath) {
      MotionFeature(motion: motion)
    }
    Reduce { state, action in
      switch action {
      case .locationShown:
        state.locationShowings += 1
        state.location = LocationFeature.State(
          manager: LocationFeature.ManagerID(generation: state.locationShowings),
          isReplay: state.locationIsReplay)
        return .none
      case .locationHidden:
        state.location = nil
        return .none
      case .location(.locationManager(.authorizationChanged(let status))) where status.isAuthorized:
        // The panel's headings: the compass (the motion half's magnetometer), as Core Location's.
        guard let manager = state.location?.manager else { return .none }
        return .run { [location] _ in await location.startUpdatingHeading(id: manager) }
      case .motion, .location:
        return .none
      }
    }
    .ifLet(\.location, action: Action.locationPath) {
      LocationFeature(location: location, now: now)
    }
  }
}
