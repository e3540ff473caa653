import ComposableLocation
import ComposableMotion
import ComposableStore

/// `sensors-demo` with no command: device motion and location side by side, built from
/// ``MotionFeature`` and ``LocationFeature`` with `Scope`, plus an optional time limit so a piped
/// run ends on its own.
public struct DashboardFeature: Reducer {
  /// Both halves of the dashboard.
  public struct State: Equatable, Sendable {
    /// The device-motion half.
    public var motion: MotionFeature.State
    /// The location half.
    public var location: LocationFeature.State
    /// Where the data comes from, e.g. "replaying bundled recordings".
    public var source: String
    /// Stop after this long, or run until quit when `nil`.
    public var timeLimit: Duration?
    /// Whether the time limit has passed.
    public var timeIsUp = false

    /// Creates the dashboard's initial state.
    public init(
      source: String, timeLimit: Duration? = nil,
      frame: AttitudeReferenceFrame = .xArbitraryZVertical
    ) {
      self.motion = MotionFeature.State(frame: frame)
      self.location = LocationFeature.State()
      self.source = source
      self.timeLimit = timeLimit
    }

    /// The tilt gravity shows right now (no debounce: the dashboard shows the raw reading).
    public var tilt: String {
      guard let gravity = motion.latest?.gravity else { return "—" }
      let frontal = TiltFeature.FrontalTilt(gravityZ: gravity.z)
      let lateral = TiltFeature.LateralTilt(gravityX: gravity.x)
      let parts = [
        frontal == .none ? nil : frontal.rawValue, lateral == .none ? nil : lateral.rawValue,
      ]
      .compactMap { $0 }
      return parts.isEmpty ? "vertical" : parts.joined(separator: ", ")
    }

    /// Whether the dashboard is done: time is up, or both sources ended.
    public var isFinished: Bool {
      timeIsUp || (motion.isFinished && location.isFinished)
    }
  }

  /// What can happen.
  public enum Action: Equatable, Sendable {
    /// Start both halves (and the time limit).
    case start
    /// Stop both halves.
    case stop
    /// The time limit passed.
    case timeUp
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

  enum CancelID { case timer }

  let motion: MotionClient
  let location: LocationClient
  let clock: any Clock<Duration>

  /// Creates the dashboard on its two clients; `clock` times the limit.
  public init(motion: MotionClient, location: LocationClient, clock: any Clock<Duration>) {
    self.motion = motion
    self.location = location
    self.clock = clock
  }

  public var body: some Reducer<State, Action> {
    Scope(state: \.motion, action: Action.motionPath) {
      MotionFeature(motion: motion)
    }
    Scope(state: \.location, action: Action.locationPath) {
      LocationFeature(location: location)
    }
    Reduce { state, action in
      switch action {
      case .start:
        var effects: [Effect<Action>] = [.send(.motion(.start)), .send(.location(.onAppear))]
        if let limit = state.timeLimit {
          effects.append(
            .run { [clock] send in
              try await clock.sleep(for: limit)
              await send(.timeUp)
            }
            .cancellable(id: CancelID.timer))
        }
        return .merge(effects)
      case .stop:
        return .merge(
          .cancel(id: CancelID.timer), .send(.motion(.stop)), .send(.location(.onDisappear)))
      case .timeUp:
        state.timeIsUp = true
        return .none
      case .motion, .location:
        return .none
      }
    }
  }
}
