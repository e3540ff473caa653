import ComposableMotion
import ComposableStore

/// `sensors-demo accelerometer|gyro|magnetometer`: one raw sensor's samples, in Core Motion
/// units (g, rad/s, µT).
public struct SensorFeature: Reducer {
  /// The raw sensors this feature can stream.
  public enum Sensor: String, Equatable, Sendable, CaseIterable {
    /// Acceleration in g, Core Motion sign.
    case accelerometer
    /// Rotation rate in rad/s.
    case gyro
    /// Magnetic field in µT.
    case magnetometer

    /// The unit of the sensor's values.
    public var unit: String {
      switch self {
      case .accelerometer: "g"
      case .gyro: "rad/s"
      case .magnetometer: "µT"
      }
    }

    /// The client's name for the sensor.
    public var motionSensor: MotionSensor {
      switch self {
      case .accelerometer: .accelerometer
      case .gyro: .gyro
      case .magnetometer: .magnetometer
      }
    }
  }

  /// One sample of any raw sensor: three axes in the sensor's unit and a time in seconds.
  public struct Sample: Equatable, Sendable {
    /// The x component.
    public var x: Double
    /// The y component.
    public var y: Double
    /// The z component.
    public var z: Double
    /// When it was taken, seconds (since boot for live sensors).
    public var timestamp: Double

    /// Creates a sample.
    public init(x: Double, y: Double, z: Double, timestamp: Double) {
      self.x = x
      self.y = y
      self.z = z
      self.timestamp = timestamp
    }
  }

  /// What the screen shows.
  public struct State: Equatable, Sendable {
    /// The sensor streamed.
    public var sensor: Sensor
    /// The update interval asked for, or the client's default when `nil`.
    public var interval: Duration?
    /// The latest sample.
    public var latest: Sample?
    /// The last samples' magnitudes, for the sparkline.
    public var recentMagnitudes: [Double] = []
    /// Samples received.
    public var sampleCount = 0
    /// Stop after this many samples, or never when `nil` (`--count`).
    public var limit: Int?
    /// Why updates stopped early.
    public var errorMessage: String?
    /// Whether the run is over.
    public var isFinished = false

    /// Creates the initial state.
    public init(sensor: Sensor, interval: Duration? = nil, limit: Int? = nil) {
      self.sensor = sensor
      self.interval = interval
      self.limit = limit
    }
  }

  /// What can happen.
  public enum Action: Equatable, Sendable {
    /// Start updates.
    case start
    /// Stop them and release the manager.
    case stop
    /// A sample arrived.
    case sample(Sample)
    /// The updates failed; the message says why.
    case failed(String)
    /// The updates ended on their own.
    case finished
  }

  struct ManagerID: Hashable, Sendable {}
  enum CancelID { case updates }

  /// How many magnitudes the sparkline keeps.
  static let historyLength = 64

  let motion: MotionClient

  /// Creates the feature on a motion client.
  public init(motion: MotionClient) {
    self.motion = motion
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [motion, sensor = state.sensor, interval = state.interval] send in
        await motion.create(id: ManagerID())
        if let interval {
          await motion.setUpdateInterval(id: ManagerID(), sensor: sensor.motionSensor, to: interval)
        }
        do {
          try await Self.stream(sensor, from: motion) { await send(.sample($0)) }
          await send(.finished)
        } catch {
          await send(.failed("\(error)"))
        }
      }
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

    case .failed(let message):
      state.errorMessage = message
      state.isFinished = true
      return stop(state.sensor)

    case .finished:
      state.isFinished = true
      return stop(state.sensor)
    }
  }

  private static func stream(
    _ sensor: Sensor, from motion: MotionClient, into deliver: (Sample) async -> Void
  ) async throws {
    switch sensor {
    case .accelerometer:
      for try await data in motion.startAccelerometerUpdates(id: ManagerID()) {
        let a = data.acceleration
        await deliver(Sample(x: a.x, y: a.y, z: a.z, timestamp: data.timestamp))
      }
    case .gyro:
      for try await data in motion.startGyroUpdates(id: ManagerID()) {
        let r = data.rotationRate
        await deliver(Sample(x: r.x, y: r.y, z: r.z, timestamp: data.timestamp))
      }
    case .magnetometer:
      for try await data in motion.startMagnetometerUpdates(id: ManagerID()) {
        let m = data.magneticField
        await deliver(Sample(x: m.x, y: m.y, z: m.z, timestamp: data.timestamp))
      }
    }
  }

  private func stop(_ sensor: Sensor) -> Effect<Action> {
    .concatenate(
      .cancel(id: CancelID.updates),
      .run { [motion] _ in
        switch sensor {
        case .accelerometer: await motion.stopAccelerometerUpdates(id: ManagerID())
        case .gyro: await motion.stopGyroUpdates(id: ManagerID())
        case .magnetometer: await motion.stopMagnetometerUpdates(id: ManagerID())
        }
        await motion.destroy(id: ManagerID())
      }
    )
  }
}
