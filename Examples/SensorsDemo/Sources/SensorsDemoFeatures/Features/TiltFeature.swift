import ComposableMotion
import ComposableStore

/// `sensors-demo tilt`: the Combine tilt detector rewritten as a reducer.
///
/// Frontal tilt comes from gravity's z component (beyond ±0.25 g the top edge leans away from or
/// towards the user), lateral tilt from its x component (beyond ±0.125 g the device leans to a
/// side). Each is deduplicated and debounced for ``debounce`` on the injected clock, so a tilt
/// shorter than that never shows; with neither tilted the device is "vertical".
public struct TiltFeature: Reducer {
  /// Which way the device leans forward or back.
  public enum FrontalTilt: String, Equatable, Sendable {
    /// Top edge away from the user: the screen faces down (gravity z > 0.25 g).
    case forward
    /// Top edge towards the user: the screen faces up (gravity z < −0.25 g).
    case backward
    /// Neither.
    case none

    /// The tilt that gravity's z component (g, Core Motion sign) shows.
    public init(gravityZ z: Double) {
      self =
        z > TiltFeature.frontalThreshold
        ? .forward : z < -TiltFeature.frontalThreshold ? .backward : .none
    }
  }

  /// Which way the device leans to the side.
  public enum LateralTilt: String, Equatable, Sendable {
    /// Leaning to the left (gravity x < −0.125 g).
    case left
    /// Leaning to the right (gravity x > 0.125 g).
    case right
    /// Neither.
    case none

    /// The tilt that gravity's x component (g, Core Motion sign) shows.
    public init(gravityX x: Double) {
      self =
        x > TiltFeature.lateralThreshold
        ? .right : x < -TiltFeature.lateralThreshold ? .left : .none
    }
  }

  /// Gravity z beyond which the device counts as tilted forward or back, in g.
  public static let frontalThreshold = 0.25
  /// Gravity x beyond which the device counts as tilted sideways, in g.
  public static let lateralThreshold = 0.125
  /// How long a tilt must last before it shows.
  public static let debounce = Duration.milliseconds(250)
  /// The device-motion update interval the detector asks for: 60 Hz.
  public static let updateInterval = Duration.nanoseconds(16_666_667)

  /// What the screen shows.
  public struct State: Equatable, Sendable {
    /// The frontal tilt that has lasted at least the debounce time.
    public var frontal = FrontalTilt.none
    /// The lateral tilt that has lasted at least the debounce time.
    public var lateral = LateralTilt.none
    /// The frontal tilt the latest update shows, waiting out the debounce.
    public var pendingFrontal = FrontalTilt.none
    /// The lateral tilt the latest update shows, waiting out the debounce.
    public var pendingLateral = LateralTilt.none
    /// The latest gravity, in g.
    public var gravity: Acceleration?
    /// Updates received.
    public var updateCount = 0
    /// Stop after this many updates, or never when `nil` (`--count`).
    public var limit: Int?
    /// Why updates stopped early.
    public var errorMessage: String?
    /// Whether the run is over.
    public var isFinished = false

    /// Creates the initial state, optionally with a limit on the number of updates.
    public init(limit: Int? = nil) {
      self.limit = limit
    }

    /// "vertical" when neither tilt shows, otherwise the tilts that do, e.g. "forward, left".
    public var summary: String {
      let parts = [
        frontal == .none ? nil : frontal.rawValue, lateral == .none ? nil : lateral.rawValue,
      ]
      .compactMap { $0 }
      return parts.isEmpty ? "vertical" : parts.joined(separator: ", ")
    }
  }

  /// What can happen.
  public enum Action: Equatable, Sendable {
    /// Start device-motion updates at 60 Hz.
    case start
    /// Stop them and release the manager.
    case stop
    /// A device-motion update arrived.
    case motionUpdate(DeviceMotion)
    /// A frontal tilt outlasted the debounce.
    case frontalTiltSettled(FrontalTilt)
    /// A lateral tilt outlasted the debounce.
    case lateralTiltSettled(LateralTilt)
    /// The updates failed; the message says why.
    case motionFailed(String)
    /// The updates ended on their own.
    case motionFinished
  }

  struct ManagerID: Hashable, Sendable {}
  enum CancelID { case updates, frontal, lateral }

  let motion: MotionClient
  let clock: any Clock<Duration>

  /// Creates the detector; `clock` times the debounce (a `TestClock` in tests).
  public init(motion: MotionClient, clock: any Clock<Duration>) {
    self.motion = motion
    self.clock = clock
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [motion] send in
        await motion.create(id: ManagerID())
        await motion.setUpdateInterval(
          id: ManagerID(), sensor: .deviceMotion, to: Self.updateInterval)
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

    case .stop:
      return stopEverything()

    case .motionUpdate(let update):
      state.gravity = update.gravity
      state.updateCount += 1
      let effects = Effect.merge(
        frontalChanged(to: FrontalTilt(gravityZ: update.gravity.z), in: &state),
        lateralChanged(to: LateralTilt(gravityX: update.gravity.x), in: &state))
      if let limit = state.limit, state.updateCount >= limit {
        state.isFinished = true
        return .merge(effects, stopEverything())
      }
      return effects

    case .frontalTiltSettled(let tilt):
      state.frontal = tilt
      return .none

    case .lateralTiltSettled(let tilt):
      state.lateral = tilt
      return .none

    case .motionFailed(let message):
      state.errorMessage = message
      state.isFinished = true
      return stopEverything()

    case .motionFinished:
      state.isFinished = true
      return stopEverything()
    }
  }

  /// Deduplicates, then debounces: a new candidate restarts the wait, a return to what is
  /// shown cancels it.
  private func frontalChanged(to tilt: FrontalTilt, in state: inout State) -> Effect<Action> {
    guard tilt != state.pendingFrontal else { return .none }
    state.pendingFrontal = tilt
    guard tilt != state.frontal else { return .cancel(id: CancelID.frontal) }
    return settle(after: Self.debounce, send: .frontalTiltSettled(tilt), id: CancelID.frontal)
  }

  private func lateralChanged(to tilt: LateralTilt, in state: inout State) -> Effect<Action> {
    guard tilt != state.pendingLateral else { return .none }
    state.pendingLateral = tilt
    guard tilt != state.lateral else { return .cancel(id: CancelID.lateral) }
    return settle(after: Self.debounce, send: .lateralTiltSettled(tilt), id: CancelID.lateral)
  }

  private func settle(after delay: Duration, send action: Action, id: CancelID) -> Effect<Action> {
    .run { [clock] send in
      try await clock.sleep(for: delay)
      await send(action)
    }
    .cancellable(id: id, cancelInFlight: true)
  }

  private func stopEverything() -> Effect<Action> {
    .concatenate(
      .merge(
        .cancel(id: CancelID.updates), .cancel(id: CancelID.frontal), .cancel(id: CancelID.lateral)),
      .run { [motion] _ in
        await motion.stopDeviceMotionUpdates(id: ManagerID())
        await motion.destroy(id: ManagerID())
      }
    )
  }
}
