import ComposableLocation
import ComposableMotion
import ComposableStore

/// `sensors-demo capture`: reads the live raw sensors and gpsd and counts what arrives, while
/// the clients it is given (``MotionClient/recording(to:)`` and
/// ``LocationClient/live(configuration:clock:capture:)``) write it to files. The feature does
/// not know it is being recorded: the recording is the clients' business.
struct CaptureFeature: Reducer {
  /// What the screen shows.
  struct State: Equatable, Sendable {
    /// The raw sensors read, each on a manager of its own.
    var sensors: [SensorFeature.Sensor]
    /// The update interval of every sensor, or the client's default (10 ms).
    var interval: Duration?
    /// Samples received per sensor.
    var counts: [SensorFeature.Sensor: Int] = [:]
    /// The latest sample of each sensor.
    var latest: [SensorFeature.Sensor: SensorFeature.Sample] = [:]
    /// The sensors whose updates ended.
    var ended: Set<SensorFeature.Sensor> = []
    /// Why the motion half stopped early.
    var motionError: String?
    /// The location half, when gpsd is captured.
    var location: LocationFeature.State
    /// Whether gpsd is captured.
    var capturesLocation: Bool

    /// Creates the initial state.
    init(sensors: [SensorFeature.Sensor], interval: Duration?, capturesLocation: Bool) {
      self.sensors = sensors
      self.interval = interval
      self.capturesLocation = capturesLocation
      self.location = LocationFeature.State()
    }

    /// Samples received, all sensors together.
    var sampleCount: Int { counts.values.reduce(0, +) }

    /// Whether every half that runs has ended on its own.
    var isFinished: Bool {
      Set(sensors).isSubset(of: ended) && (!capturesLocation || location.isFinished)
    }
  }

  /// What can happen.
  enum Action: Equatable, Sendable {
    /// Start every sensor.
    case startMotion
    /// Stop them and release their managers.
    case stopMotion
    /// A sample of one sensor arrived.
    case sample(SensorFeature.Sensor, SensorFeature.Sample)
    /// A sensor's updates ended on their own.
    case sensorEnded(SensorFeature.Sensor)
    /// A sensor's updates failed, with why.
    case sensorFailed(SensorFeature.Sensor, MotionError)
    /// Something for the location half.
    case location(LocationFeature.Action)

    static let locationPath = ActionPath<Self, LocationFeature.Action>(embed: Self.location) {
      guard case .location(let action) = $0 else { return nil }
      return action
    }
  }

  /// One manager per sensor, so each sensor's effect creates and destroys its own.
  struct ManagerID: Hashable, Sendable {
    var sensor: SensorFeature.Sensor
  }
  enum CancelID { case motion }

  let motion: MotionClient
  let location: LocationClient

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .startMotion:
        return .merge(state.sensors.map { updates(of: $0, interval: state.interval) })
          .cancellable(id: CancelID.motion, cancelInFlight: true)
      case .stopMotion:
        return .cancel(id: CancelID.motion)
      case .sample(let sensor, let sample):
        state.counts[sensor, default: 0] += 1
        state.latest[sensor] = sample
        return .none
      case .sensorEnded(let sensor):
        state.ended.insert(sensor)
        return .none
      case .sensorFailed(let sensor, let error):
        state.ended.insert(sensor)
        state.motionError = state.motionError ?? error.description
        return .none
      case .location:
        return .none
      }
    }
    Scope(state: \.location, action: Action.locationPath) {
      LocationFeature(location: location)
    }
  }

  /// One sensor's updates, as this feature's actions.
  private func updates(of sensor: SensorFeature.Sensor, interval: Duration?) -> Effect<Action> {
    let id = ManagerID(sensor: sensor)
    switch sensor {
    case .accelerometer:
      return motion.accelerometerUpdates(id: id, interval: interval).map {
        Action(sensor, $0) { SensorFeature.Sample($0.acceleration, at: $0.timestamp) }
      }
    case .gyro:
      return motion.gyroUpdates(id: id, interval: interval).map {
        Action(sensor, $0) {
          SensorFeature.Sample(
            x: $0.rotationRate.x, y: $0.rotationRate.y, z: $0.rotationRate.z,
            timestamp: $0.timestamp)
        }
      }
    case .magnetometer:
      return motion.magnetometerUpdates(id: id, interval: interval).map {
        Action(sensor, $0) {
          SensorFeature.Sample(
            x: $0.magneticField.x, y: $0.magneticField.y, z: $0.magneticField.z,
            timestamp: $0.timestamp)
        }
      }
    }
  }
}

extension CaptureFeature.Action {
  /// The feature's action for what one sensor's updates effect sent, `sample` converting each
  /// sample.
  init<Raw>(
    _ sensor: SensorFeature.Sensor, _ update: MotionUpdate<Raw>,
    sample: (Raw) -> SensorFeature.Sample
  ) {
    switch update {
    case .sample(let raw): self = .sample(sensor, sample(raw))
    case .finished: self = .sensorEnded(sensor)
    case .failed(let error): self = .sensorFailed(sensor, error)
    }
  }
}
