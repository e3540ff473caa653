import ComposableMotion
import ComposableStore

/// `sensors-demo motion`: fused device motion (attitude, gravity, user acceleration, heading)
/// in the reference frame the user picks.
struct MotionFeature: Reducer {
  /// What the screen shows.
  struct State: Equatable, Sendable {
    /// The frame attitudes are expressed in.
    var frame: AttitudeReferenceFrame
    /// The latest update.
    var latest: DeviceMotion?
    /// Updates received.
    var updateCount = 0
    /// The last ``historyLength`` user-acceleration magnitudes (g), for the sparkline.
    var recentUserAcceleration: [Double] = []
    /// Stop after this many updates, or never when `nil` (`--count`).
    var limit: Int?
    /// Why updates stopped early.
    var errorMessage: String?
    /// Whether the run is over.
    var isFinished = false
    /// Whether the updates ended on their own (a replay played to its end): the values shown
    /// are the last ones, and the views say so rather than start the recording again.
    var sourceEnded = false

    /// Creates the initial state.
    init(frame: AttitudeReferenceFrame = .xArbitraryZVertical, limit: Int? = nil) {
      self.frame = frame
      self.limit = limit
    }
  }

  /// What can happen.
  enum Action: Equatable, Sendable {
    /// Start device-motion updates in the state's frame.
    case start
    /// Stop them and release the manager.
    case stop
    /// An update arrived.
    case motionUpdate(DeviceMotion)
    /// The updates failed, with why.
    case motionFailed(MotionError)
    /// The updates ended on their own.
    case motionFinished
  }

  /// How many user-acceleration magnitudes the sparkline keeps.
  static let historyLength = 40

  struct ManagerID: Hashable, Sendable {}
  enum CancelID { case updates }

  let motion: MotionClient

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return start(frame: state.frame)

    case .stop:
      return stop()

    case .motionUpdate(let update):
      state.latest = update
      state.updateCount += 1
      state.recentUserAcceleration.append(update.userAcceleration.magnitude)
      if state.recentUserAcceleration.count > Self.historyLength {
        state.recentUserAcceleration.removeFirst(
          state.recentUserAcceleration.count - Self.historyLength)
      }
      if let limit = state.limit, state.updateCount >= limit {
        state.isFinished = true
        return stop()
      }
      return .none

    case .motionFailed(let error):
      state.errorMessage = error.description
      state.isFinished = true
      return stop()

    case .motionFinished:
      state.sourceEnded = true
      state.isFinished = true
      return stop()
    }
  }

  private func start(frame: AttitudeReferenceFrame) -> Effect<Action> {
    motion.deviceMotionUpdates(id: ManagerID(), using: frame).map(Action.init)
      .cancellable(id: CancelID.updates, cancelInFlight: true)
  }

  /// Cancelling the updates effect stops the updates and destroys the manager.
  private func stop() -> Effect<Action> {
    .cancel(id: CancelID.updates)
  }
}

extension MotionFeature.Action: DeviceMotionAction {}
