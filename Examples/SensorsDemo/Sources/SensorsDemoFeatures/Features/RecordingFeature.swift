import ComposableMotion
import ComposableStore

/// `sensors-demo record`: composable-core-motion's README example as a feature. Recording starts
/// and stops with one button; while it records, every device-motion update appends
/// `gravity · userAcceleration` (in g², the part of the user's push along gravity) to ``State/zs``.
struct RecordingFeature: Reducer {
  /// What the screen shows.
  struct State: Equatable, Sendable {
    /// Whether device-motion updates are running.
    var isRecording = false
    /// `gravity · userAcceleration` of every update since the first recording, in g².
    var zs: [Double] = []
    /// Stop after this many values, or never when `nil` (`--count`).
    var limit: Int?
    /// Why updates stopped early, to show the user.
    var errorMessage: String?
    /// Whether the run is over: the limit was reached, the source ended, or it failed.
    var isFinished = false

    /// Creates the initial state, optionally with a limit on the number of values.
    init(limit: Int? = nil) {
      self.limit = limit
    }
  }

  /// What can happen.
  enum Action: Equatable, Sendable {
    /// The record button (the space bar) was pressed: start or stop recording.
    case recordingButtonTapped
    /// A device-motion update arrived.
    case motionUpdate(DeviceMotion)
    /// The updates failed, with why.
    case motionFailed(MotionError)
    /// The updates ended on their own (a replay reached its end).
    case motionFinished
  }

  /// The manager id this feature creates and destroys.
  struct ManagerID: Hashable, Sendable {
  }

  enum CancelID { case updates }

  let motion: MotionClient

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .recordingButtonTapped:
      state.isRecording.toggle()
      return state.isRecording ? startUpdates() : stopUpdates()

    case .motionUpdate(let update):
      guard state.isRecording else { return .none }
      let g = update.gravity
      let a = update.userAcceleration
      state.zs.append(g.x * a.x + g.y * a.y + g.z * a.z)
      if let limit = state.limit, state.zs.count >= limit {
        state.isRecording = false
        state.isFinished = true
        return stopUpdates()
      }
      return .none

    case .motionFailed(let error):
      // The updates effect has already stopped the updates and destroyed the manager.
      state.isRecording = false
      state.errorMessage = error.description
      state.isFinished = true
      return .none

    case .motionFinished:
      state.isRecording = false
      state.isFinished = true
      return .none
    }
  }

  private func startUpdates() -> Effect<Action> {
    motion.deviceMotionUpdates(id: ManagerID()).map(Action.init)
      .cancellable(id: CancelID.updates, cancelInFlight: true)
  }

  /// Cancelling the updates effect stops the updates and destroys the manager.
  private func stopUpdates() -> Effect<Action> {
    .cancel(id: CancelID.updates)
  }
}

extension RecordingFeature.Action: DeviceMotionAction {}
