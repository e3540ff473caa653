import ComposableMotion
import ComposableStore

/// `sensors-demo bouncer`: the Bouncer example in a terminal. A block falls in the direction of
/// the gravity the accelerometer measures and bounces off the edges of an arena, keeping
/// ``elasticity`` of its speed at each bounce.
///
/// The arena is measured in character cells, x to the right and y down the screen. The device's
/// x axis points right on the screen and its y axis up, so a measured acceleration (g, Core
/// Motion sign) pulls the block by `(a.x, −a.y)` × ``cellsPerSecondSquaredPerG``.
public struct BouncerFeature: Reducer {
  /// The share of its speed the block keeps when it bounces.
  public static let elasticity = 0.85
  /// How hard 1 g pulls the block, in cells/s².
  public static let cellsPerSecondSquaredPerG = 60.0
  /// The accelerometer update interval the feature asks for: 50 Hz.
  public static let updateInterval = Duration.milliseconds(20)

  /// A point or a velocity in the arena: cells, or cells per second.
  public struct Vector: Equatable, Sendable {
    /// Across, to the right.
    public var x: Double
    /// Down the screen.
    public var y: Double

    /// Creates a vector.
    public init(x: Double, y: Double) {
      self.x = x
      self.y = y
    }
  }

  /// The arena and the block.
  public struct State: Equatable, Sendable {
    /// The arena's width, cells.
    public var width: Double
    /// The arena's height, cells.
    public var height: Double
    /// The block's position, cells from the top-left corner.
    public var position: Vector
    /// The block's velocity, cells/s.
    public var velocity = Vector(x: 0, y: 0)
    /// The latest accelerometer sample.
    public var acceleration: Acceleration?
    /// The time of the previous sample, seconds.
    public var lastTimestamp: Double?
    /// How many times the block hit an edge.
    public var bounces = 0
    /// Samples received.
    public var updateCount = 0
    /// Stop after this many samples, or never when `nil` (`--count`).
    public var limit: Int?
    /// Why updates stopped early.
    public var errorMessage: String?
    /// Whether the run is over.
    public var isFinished = false

    /// Creates an arena of `width` × `height` cells with the block in the middle.
    public init(width: Double = 40, height: Double = 14, limit: Int? = nil) {
      self.width = width
      self.height = height
      self.position = Vector(x: width / 2, y: height / 2)
      self.limit = limit
    }
  }

  /// What can happen.
  public enum Action: Equatable, Sendable {
    /// Start accelerometer updates.
    case start
    /// Stop them and release the manager.
    case stop
    /// An accelerometer sample arrived.
    case accelerometer(AccelerometerData)
    /// The updates failed; the message says why.
    case accelerometerFailed(String)
    /// The updates ended on their own.
    case accelerometerFinished
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
      return .run { [motion] send in
        await motion.create(id: ManagerID())
        await motion.setUpdateInterval(
          id: ManagerID(), sensor: .accelerometer, to: Self.updateInterval)
        do {
          for try await sample in motion.startAccelerometerUpdates(id: ManagerID()) {
            await send(.accelerometer(sample))
          }
          await send(.accelerometerFinished)
        } catch {
          await send(.accelerometerFailed("\(error)"))
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

    case .accelerometerFailed(let message):
      state.errorMessage = message
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

  private func stop() -> Effect<Action> {
    .concatenate(
      .cancel(id: CancelID.updates),
      .run { [motion] _ in
        await motion.stopAccelerometerUpdates(id: ManagerID())
        await motion.destroy(id: ManagerID())
      }
    )
  }
}
