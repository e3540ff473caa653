import ComposableMotion
import ComposableStore

/// `sensors-demo motion`: fused device motion (attitude, gravity, user acceleration, heading)
/// in the reference frame the user picks.
public struct MotionFeature: Reducer {
  /// What the screen shows.
  public struct State: Equatable, Sendable {
    /// The frame attitudes are expressed in.
    public var frame: AttitudeReferenceFrame
    /// The latest update.
    public var latest: DeviceMotion?
    /// Updates received.
    public var updateCount = 0
    /// Stop after this many updates, or never when `nil` (`--count`).
    public var limit: Int?
    /// Why updates stopped early.
    public var errorMessage: String?
    /// Whether the run is over.
    public var isFinished = false
    /// Whether to start again when the updates end on their own (a replay played to its end).
    public var repeats: Bool
    /// How many times the updates ended on their own and started again.
    public var restarts = 0

    /// Creates the initial state.
    public init(
      frame: AttitudeReferenceFrame = .xArbitraryZVertical, limit: Int? = nil, repeats: Bool = false
    ) {
      self.frame = frame
      self.limit = limit
      self.repeats = repeats
    }
  }

  /// What can happen.
  public enum Action: Equatable, Sendable {
    /// Start device-motion updates in the state's frame.
    case start
    /// Stop them and release the manager.
    case stop
    /// An update arrived.
    case motionUpdate(DeviceMotion)
    /// The updates failed; the message says why.
    case motionFailed(String)
    /// The updates ended on their own.
    case motionFinished
  }

  struct ManagerID: Hashable, Sendable {}
  enum CancelID { case updates }

  let motion: MotionClient

  /// Creates the feature on a motion client.
  public init(motion: MotionClient) {
    self.motion = motion
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return start(frame: state.frame)

    case .stop:
      return stop()

    case .motionUpdate(let update):
      state.latest = update
      state.updateCount += 1
      if let limit = state.limit, state.updateCount >= limit {
        state.isFinished = true
        return stop()
      }
      return .none

    case .motionFailed(let message):
      state.errorMessage = message
      state.isFinished = true
      return stop()

    case .motionFinished:
      if state.repeats {
        // The stream ended on its own, so the manager is idle: start it again, no destroy.
        state.restarts += 1
        return start(frame: state.frame)
      }
      state.isFinished = true
      return stop()
    }
  }

  private func start(frame: AttitudeReferenceFrame) -> Effect<Action> {
    .run { [motion] send in
      await motion.create(id: ManagerID())
      do {
        for try await update in motion.startDeviceMotionUpdates(id: ManagerID(), using: frame) {
          await send(.motionUpdate(update))
        }
        await send(.motionFinished)
      } catch {
        await send(.motionFailed("\(error)"))
      }
    }
    .cancellable(id: CancelID.updates, cancelInFlight: true)
  }

  private func stop() -> Effect<Action> {
    .concatenate(
      .cancel(id: CancelID.updates),
      .run { [motion] _ in
        await motion.stopDeviceMotionUpdates(id: ManagerID())
        await motion.destroy(id: ManagerID())
      }
    )
  }
}
