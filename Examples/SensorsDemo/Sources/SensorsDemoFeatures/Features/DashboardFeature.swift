import ComposableLocation
import ComposableMotion
import ComposableStore

/// `sensors-demo` with no command: device motion and location side by side, built from
/// ``MotionFeature`` and ``LocationFeature`` with `Scope`.
struct DashboardFeature: Reducer {
  /// Both halves of the dashboard.
  struct State: Equatable, Sendable {
    /// The device-motion half.
    var motion: MotionFeature.State
    /// The location half.
    var location: LocationFeature.State

    /// Creates the dashboard's initial state.
    init(frame: AttitudeReferenceFrame = .xArbitraryZVertical) {
      self.motion = MotionFeature.State(frame: frame)
      self.location = LocationFeature.State()
    }

    /// The tilt gravity shows right now (no debounce: the dashboard shows the raw reading).
    var tilt: String {
      guard let gravity = motion.latest?.gravity else { return "—" }
      return TiltFeature.describe(
        frontal: TiltFeature.FrontalTilt(gravityZ: gravity.z),
        lateral: TiltFeature.LateralTilt(gravityX: gravity.x))
    }

    /// Whether the dashboard is done: both halves finished.
    var isFinished: Bool { motion.isFinished && location.isFinished }
  }

  /// What can happen: each half's own actions. The halves are started and stopped by their
  /// own actions (`.motion(.start)`, `.location(.onAppear)`), sent by whoever shows the
  /// dashboard, not by a parent action that forwards them.
  enum Action: Equatable, Sendable {
    /// Something for the motion half.
    case motion(MotionFeature.Action)
    /// Something for the location half.
    case location(LocationFeature.Action)

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
  init(motion: MotionClient, location: LocationClient) {
    self.motion = motion
    self.location = location
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.motion, action: Action.motionPath) {
      MotionFeature(motion: motion)
    }
    Scope(state: \.location, action: Action.locationPath) {
      LocationFeature(location: location)
    }
  }
}
