import ComposableMotion
import ComposableStore

/// `sensors-demo accelerometer|gyro|magnetometer`: one raw sensor's samples, in Core Motion
/// units (g, rad/s, µT).
struct SensorFeature: Reducer {
  /// The raw sensors this feature can stream.
  enum Sensor: String, Equatable, Sendable, CaseIterable {
    /// Acceleration in g, Core Motion sign.
    case accelerometer
    /// Rotation rate in rad/s.
    case gyro
    /// Magnetic field in µT.
    case magnetometer

    /// The unit of the sensor's values.
    var unit: String {
      switch self {
      case .accelerometer: "g"
      case .gyro: "rad/s"
      case .magnetometer: "µT"
      }
    }

    /// The client's name for the sensor.
    var motionSensor: MotionSensor {
      switch self {
      case .accelerometer: .accelerometer
      case .gyro: .gyro
      case .magnetometer: .magnetometer
      }
    }
  }

  /// One sample of any raw sensor: three axes in the sensor's unit and a time in seconds.
  struct Sample: Equatable, Sendable {
    /// The x component.
    var x: Double
    /// The y component.
    var y: Double
    /// The z component.
    var z: Double
    /// When it was taken, seconds (since boot for live sensors).
    var timestamp: Double

  }

  /// What the screen shows.
  struct State: Equatable, Sendable {
    /// The sensor streamed.
    var sensor: Sensor
    /// The update interval asked for, or the client's default when `nil`.
    var interval: Duration?
    /// The latest sample.
    var latest: Sample?
    /// The last samples' magnitudes, for the sparkline.
    var recentMagnitudes: [Double] = []
    /// Samples received.
    var sampleCount = 0
    /// Stop after this many samples, or never when `nil` (`--count`).
    var limit: Int?
    /// Why updates stopped early.
    var errorMessage: String?
    /// Whether the run is over.
    var isFinished = false

    /// Creates the initial state.
    init(sensor: Sensor, interval: Duration? = nil, limit: Int? = nil) {
      self.sensor = sensor
      self.interval = interval
      self.limit = limit
    }
  }

  /// What can happen.
  enum Action: Equatable, Sendable {
    /// Start updates.
    case start
    /// Stop them and release the manager.
    case stop
    /// A sample arrived.
    case sample(Sample)
    /// The updates failed, with why.
    case failed(MotionError)
    /// The updates ended on their own.
    case finished
  }

  struct ManagerID: Hashable, Sendable {}
  enum CancelID { case updates }

  /// How many magnitudes the sparkline keeps.
  static let historyLength = 64

  let motion: MotionClient

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return Self.updates(of: state.sensor, from: motion, interval: state.interval)
        .cancellable(id: CancelID.updates, cancelInFlight: true)

    case .stop:
      return stop(state.sensor)

    case .sample(let sample):
      state.latest = sample
      state.sampleCount += 1
      state.recentMagnitudes.append(
        (sample.x * sample.x + sample.y * sample.y + sample.z * sample.z).squareRoot())
      if state.recentMagnitudes.count > Self.historyLength {
        state.recentMagnitudes.removeFirst(state.recentMagnitudes.count - Self.historyLength)
      }
      if let limit = state.limit, state.sampleCount >= limit {
        state.isFinished = true
        return stop(state.sensor)
      }
      return .none

    case .failed(let error):
      state.errorMessage = error.description
      state.isFinished = true
      return stop(state.sensor)

    case .finished:
      state.isFinished = true
      return stop(state.sensor)
    }
  }

  /// The sensor's updates effect, its samples made uniform.
  private static func updates(of sensor: Sensor, from motion: MotionClient, interval: Duration?)
    -> Effect<Action>
  {
    switch sensor {
    case .accelerometer:
      motion.accelerometerUpdates(id: ManagerID(), interval: interval).map {
        Action($0) { Sample($0.acceleration, at: $0.timestamp) }
      }
    case .gyro:
      motion.gyroUpdates(id: ManagerID(), interval: interval).map {
        Action($0) {
          Sample(
            x: $0.rotationRate.x, y: $0.rotationRate.y, z: $0.rotationRate.z,
            timestamp: $0.timestamp)
        }
      }
    case .magnetometer:
      motion.magnetometerUpdates(id: ManagerID(), interval: interval).map {
        Action($0) {
          Sample(
            x: $0.magneticField.x, y: $0.magneticField.y, z: $0.magneticField.z,
            timestamp: $0.timestamp)
        }
      }
    }
  }

  /// Cancelling the updates effect stops the updates and destroys the manager.
  private func stop(_ sensor: Sensor) -> Effect<Action> {
    .cancel(id: CancelID.updates)
  }
}

extension SensorFeature.Sample {
  init(_ acceleration: Acceleration, at timestamp: Double) {
    self.init(x: acceleration.x, y: acceleration.y, z: acceleration.z, timestamp: timestamp)
  }
}

extension SensorFeature.Action {
  /// The feature's action for what an updates effect sent, `sample` converting each sample.
  init<Raw>(_ update: MotionUpdate<Raw>, sample: (Raw) -> SensorFeature.Sample) {
    switch update {
    case .sample(let raw): self = .sample(sample(raw))
    case .finished: self = .finished
    case .failed(let error): self = .failed(error)
    }
  }
}
