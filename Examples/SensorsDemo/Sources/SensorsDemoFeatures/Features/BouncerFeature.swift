import ComposableMotion
import ComposableStore

/// `sensors-demo bouncer`: the Bouncer example in a terminal. A block falls in the direction of
/// the gravity the accelerometer measures and bounces off the edges of an arena, keeping
/// ``elasticity`` of its speed at each bounce.
///
/// The arena is measured in character cells, x to the right and y down the screen. The device's
/// x axis points right on the screen and its y axis up, so a measured acceleration (g, Core
/// Motion sign) pulls the block by `(a.x, −a.y)` × ``cellsPerSecondSquaredPerG``.
struct BouncerFeature: Reducer {
  /// The share of its speed the block keeps when it bounces.
  static let elasticity = 0.85
  /// How hard 1 g pulls the block, in cells/s².
  static let cellsPerSecondSquaredPerG = 60.0
  /// The accelerometer update interval the feature asks for: 50 Hz.
  static let updateInterval = Duration.milliseconds(20)

  /// A point or a velocity in the arena: cells, or cells per second.
  struct Vector: Equatable, Sendable {
    /// Across, to the right.
    var x: Double
    /// Down the screen.
    var y: Double

  }

  /// The arena and the block.
  struct State: Equatable, Sendable {
    /// The arena's width, cells.
    var width: Double
    /// The arena's height, cells.
    var height: Double
    /// The block's position, cells from the top-left corner.
    var position: Vector
    /// The block's velocity, cells/s.
    var velocity = Vector(x: 0, y: 0)
    /// The latest accelerometer sample.
    var acceleration: Acceleration?
    /// The time of the previous sample, seconds.
    var lastTimestamp: Double?
    /// How many times the block hit an edge.
    var bounces = 0
    /// Samples received.
    var updateCount = 0
    /// Stop after this many samples, or never when `nil` (`--count`).
    var limit: Int?
    /// Why updates stopped early.
    var errorMessage: String?
    /// Whether the run is over.
    var isFinished = false

    /// Creates an arena of `width` × `height` cells with the block in the middle.
    init(width: Double = 40, height: Double = 14, limit: Int? = nil) {
      self.width = width
      self.height = height
      self.position = Vector(x: width / 2, y: height / 2)
      self.limit = limit
    }
  }

  /// What can happen.
  enum Action: Equatable, Sendable {
    /// Start accelerometer updates.
    case start
    /// Stop them and release the manager.
    case stop
    /// An accelerometer sample arrived.
    case accelerometer(AccelerometerData)
    /// The updates failed, with why.
    case accelerometerFailed(MotionError)
    /// The updates ended on their own.
    case accelerometerFinished
  }

  struct ManagerID: Hashable, Sendable {}
  enum CancelID { case updates }

  let motion: MotionClient

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return motion.accelerometerUpdates(id: ManagerID(), interval: Self.updateInterval)
        .map { update in
          switch update {
          case .sample(let sample): .accelerometer(sample)
          case .finished: .accelerometerFinished
          case .failed(let error): .accelerometerFailed(error)
          }
        }
        .cancellable(id: CancelID.updates, cancelInFlight: true)

    case .stop:
      return stop()

    case .accelerometer(let sample):
      Self.step(&state, with: sample)
      state.updateCount += 1
      if let limit = state.limit, state.updateCount >= limit {
        state.isFinished = true
        return stop()
      }
      return .none

    case .accelerometerFailed(let error):
      state.errorMessage = error.description
      state.isFinished = true
      return stop()

    case .accelerometerFinished:
      state.isFinished = true
      return stop()
    }
  }

  /// Advances the block by the time since the previous sample (at most 0.1 s, so a pause in the
  /// stream does not fling it), then bounces it off any edge it crossed.
  static func step(_ state: inout State, with sample: AccelerometerData) {
    defer {
      state.acceleration = sample.acceleration
      state.lastTimestamp = sample.timestamp
    }
    guard let last = state.lastTimestamp else { return }
    let dt = min(max(sample.timestamp - last, 0), 0.1)
    let pull = cellsPerSecondSquaredPerG
    state.velocity.x += sample.acceleration.x * pull * dt
    state.velocity.y += -sample.acceleration.y * pull * dt
    state.position.x += state.velocity.x * dt
    state.position.y += state.velocity.y * dt
    bounce(&state.position.x, &state.velocity.x, limit: state.width, bounces: &state.bounces)
    bounce(&state.position.y, &state.velocity.y, limit: state.height, bounces: &state.bounces)
  }

  private static func bounce(
    _ position: inout Double, _ velocity: inout Double, limit: Double, bounces: inout Int
  ) {
    if position < 0 {
      position = -position * elasticity
      velocity = -velocity * elasticity
      bounces += 1
    } else if position > limit {
      position = limit - (position - limit) * elasticity
      velocity = -velocity * elasticity
      bounces += 1
    }
    position = min(max(position, 0), limit)
  }

  /// Cancelling the updates effect stops the updates and destroys the manager.
  private func stop() -> Effect<Action> {
    .cancel(id: CancelID.updates)
  }
}
