import ComposableMotion
import ComposableStore

/// `sensors-demo record`: composable-core-motion's README example as a feature. Recording starts
/// and stops with one button; while it records, every device-motion update appends
/// `gravity · userAcceleration` (in g², the part of the user's push along gravity) to ``State/zs``.
public struct RecordingFeature: Reducer {
  /// What the screen shows.
  public struct State: Equatable, Sendable {
    /// Whether device-motion updates are running.
    public var isRecording = false
    /// `gravity · userAcceleration` of every update since the first recording, in g².
    public var zs: [Double] = []
    /// Stop after this many values, or never when `nil` (`--count`).
    public var limit: Int?
    /// Why updates stopped early, to show the user.
    public var errorMessage: String?
    /// Whether the run is over: the limit was reached, the source ended, or it failed.
    public var isFinished = false

    /// Creates the initial state, optionally with a limit on the number of values.
    public init(limit: Int? = nil) {
      self.limit = limit
    }
  }

  /// What can happen.
  public enum Action: Equatable, Sendable {
    /// The record button (the space bar) was pressed: start or stop recording.
    case recordingButtonTapped
    /// A device-motion update arrived.
    case motionUpdate(DeviceMotion)
    /// The updates failed; the message says why.
    case motionFailed(String)
    /// The updates ended on their own (a replay reached its end).
    case motionFinished
  }

  /// The manager id this feature creates and destroys.
  public struct ManagerID: Hashable, Sendable {
    /// Creates the id.
    public init() {}
  }

  enum CancelID { case updates }

  let motion: MotionClient

  /// Creates the feature on a motion client (`.replay`, `.live` or a test's client).
  public init(motion: MotionClient) {
    self.motion = motion
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
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

    case .motionFailed(let message):
      state.isRecording = false
      state.errorMessage = message
      state.isFinished = true
      return .run { [motion] _ in await motion.destroy(id: ManagerID()) }

    case .motionFinished:
      state.isRecording = false
      state.isFinished = true
      return .run { [motion] _ in await motion.destroy(id: ManagerID()) }
    }
  }

  private func startUpdates() -> Effect<Action> {
    .run { [motion] send in
      await motion.create(id: ManagerID())
      do {
        for try await update in motion.startDeviceMotionUpdates(id: ManagerID()) {
          await send(.motionUpdate(update))
        }
        await send(.motionFinished)
      } catch {
        await send(.motionFailed("\(error)"))
      }
    }
    .cancellable(id: CancelID.updates, cancelInFlight: true)
  }

  private func stopUpdates() -> Effect<Action> {
    .concatenate(
      .cancel(id: CancelID.updates),
      .run { [motion] _ in
        await motion.stopDeviceMotionUpdates(id: ManagerID())
        await motion.destroy(id: ManagerID())
      }
    )
  }
}
