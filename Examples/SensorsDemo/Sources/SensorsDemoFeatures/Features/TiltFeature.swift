import ComposableMotion
import ComposableStore

/// `sensors-demo tilt`: the Combine tilt detector rewritten as a reducer.
///
/// Frontal tilt comes from gravity's z component (beyond ±0.25 g the top edge leans away from or
/// towards the user), lateral tilt from its x component (beyond ±0.125 g the device leans to a
/// side). Each is deduplicated and debounced for ``debounce`` on the injected clock, so a tilt
/// shorter than that never shows; with neither tilted the device is "vertical".
struct TiltFeature: Reducer {
  /// Which way the device leans forward or back, or that it lies flat.
  enum FrontalTilt: String, Equatable, Sendable {
    /// Top edge away from the user: the screen turns down (0.25 g < gravity z < 0.9 g).
    case forward
    /// Top edge towards the user: the screen turns up (−0.9 g < gravity z < −0.25 g).
    case backward
    /// Lying flat, screen up (gravity z ≤ −0.9 g, within about 25° of level): not a tilt.
    case faceUp = "lying flat, face up"
    /// Lying flat, screen down (gravity z ≥ 0.9 g).
    case faceDown = "lying flat, face down"
    /// Neither.
    case none

    /// The tilt that gravity's z component (g, Core Motion sign) shows.
    init(gravityZ z: Double) {
      let (flat, tilted) = (TiltFeature.flatThreshold, TiltFeature.frontalThreshold)
      self =
        z >= flat
        ? .faceDown
        : z <= -flat ? .faceUp : z > tilted ? .forward : z < -tilted ? .backward : .none
    }

    /// Whether the device lies flat rather than leaning.
    var isFlat: Bool { self == .faceUp || self == .faceDown }
  }

  /// Which way the device leans to the side.
  enum LateralTilt: String, Equatable, Sendable {
    /// Leaning to the left (gravity x < −0.125 g).
    case left
    /// Leaning to the right (gravity x > 0.125 g).
    case right
    /// Neither.
    case none

    /// The tilt that gravity's x component (g, Core Motion sign) shows.
    init(gravityX x: Double) {
      self =
        x > TiltFeature.lateralThreshold
        ? .right : x < -TiltFeature.lateralThreshold ? .left : .none
    }
  }

  /// How a pair of tilts reads: "vertical", "lying flat, face up", "forward, left", ….
  static func describe(frontal: FrontalTilt, lateral: LateralTilt) -> String {
    if frontal.isFlat { return frontal.rawValue }
    let parts = [
      frontal == .none ? nil : frontal.rawValue, lateral == .none ? nil : lateral.rawValue,
    ]
    .compactMap { $0 }
    return parts.isEmpty ? "vertical" : parts.joined(separator: ", ")
  }

  /// Gravity z beyond which the device counts as tilted forward or back, in g.
  static let frontalThreshold = 0.25
  /// Gravity z beyond which the device counts as lying flat rather than tilted, in g (about 25°
  /// from level).
  static let flatThreshold = 0.9
  /// Gravity x beyond which the device counts as tilted sideways, in g.
  static let lateralThreshold = 0.125
  /// How long a tilt must last before it shows.
  static let debounce = Duration.milliseconds(250)
  /// The device-motion update interval the detector asks for: 60 Hz.
  static let updateInterval = Duration.nanoseconds(16_666_667)

  /// What the screen shows.
  struct State: Equatable, Sendable {
    /// The frontal tilt that has lasted at least the debounce time.
    var frontal = FrontalTilt.none
    /// The lateral tilt that has lasted at least the debounce time.
    var lateral = LateralTilt.none
    /// The frontal tilt the latest update shows, waiting out the debounce.
    var pendingFrontal = FrontalTilt.none
    /// The lateral tilt the latest update shows, waiting out the debounce.
    var pendingLateral = LateralTilt.none
    /// The latest gravity, in g.
    var gravity: Acceleration?
    /// Updates received.
    var updateCount = 0
    /// Tilts settled (each printed as a `tilt` line or JSON object).
    var tiltCount = 0
    /// Stop after this many settled tilts, or never when `nil` (`--count`: it counts what the
    /// command prints).
    var limit: Int?
    /// Why updates stopped early.
    var errorMessage: String?
    /// Whether the run is over.
    var isFinished = false

    /// Creates the initial state, optionally with a limit on the number of settled tilts.
    init(limit: Int? = nil) {
      self.limit = limit
    }

    /// "vertical" when neither tilt shows, "lying flat, face up" (or down) when flat, otherwise
    /// the tilts that do, e.g. "forward, left".
    var summary: String { TiltFeature.describe(frontal: frontal, lateral: lateral) }
  }

  /// What can happen.
  enum Action: Equatable, Sendable {
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
    /// The updates failed, with why.
    case motionFailed(MotionError)
    /// The updates ended on their own.
    case motionFinished
  }

  struct ManagerID: Hashable, Sendable {}
  enum CancelID { case updates, frontal, lateral }

  let motion: MotionClient
  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return motion.deviceMotionUpdates(id: ManagerID(), interval: Self.updateInterval)
        .map(Action.init)
        .cancellable(id: CancelID.updates, cancelInFlight: true)

    case .stop:
      return stopEverything()

    case .motionUpdate(let update):
      state.gravity = update.gravity
      state.updateCount += 1
      return .merge(
        frontalChanged(to: FrontalTilt(gravityZ: update.gravity.z), in: &state),
        lateralChanged(to: LateralTilt(gravityX: update.gravity.x), in: &state))

    case .frontalTiltSettled(let tilt):
      state.frontal = tilt
      return settled(&state)

    case .lateralTiltSettled(let tilt):
      state.lateral = tilt
      return settled(&state)

    case .motionFailed(let error):
      state.errorMessage = error.description
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

  /// Cancels the updates (which stops them and destroys the manager) and any pending debounce.
  /// Counts a settled tilt, and stops once `--count` of them were printed.
  private func settled(_ state: inout State) -> Effect<Action> {
    state.tiltCount += 1
    guard let limit = state.limit, state.tiltCount >= limit else { return .none }
    state.isFinished = true
    return stopEverything()
  }

  private func stopEverything() -> Effect<Action> {
    .merge(
      .cancel(id: CancelID.updates), .cancel(id: CancelID.frontal), .cancel(id: CancelID.lateral))
  }
}

extension TiltFeature.Action: DeviceMotionAction {}
