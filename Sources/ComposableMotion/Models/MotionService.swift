/// What a ``MotionClient`` manager runs, each with its own update interval, activity flag and
/// drop counter: the updates of one raw ``MotionSensor``, or the fused ``deviceMotion`` built
/// on the accelerometer and the gyroscope (and the magnetometer for some reference frames).
public enum MotionService: String, Sendable, Hashable, Codable, CaseIterable {
  /// Raw acceleration, in g (``AccelerometerData``).
  case accelerometer
  /// Raw rotation rate, in rad/s (``GyroData``).
  case gyro
  /// Raw magnetic field, in µT (``MagnetometerData``).
  case magnetometer
  /// Fused attitude, gravity and user acceleration (``DeviceMotion``), built from the sensors.
  case deviceMotion

  /// The updates of a raw sensor.
  public init(_ sensor: MotionSensor) {
    switch sensor {
    case .accelerometer: self = .accelerometer
    case .gyro: self = .gyro
    case .magnetometer: self = .magnetometer
    }
  }

  /// The raw sensor whose samples this service passes on, or nil for the fused device motion.
  public var sensor: MotionSensor? {
    switch self {
    case .accelerometer: .accelerometer
    case .gyro: .gyro
    case .magnetometer: .magnetometer
    case .deviceMotion: nil
    }
  }
}

extension MotionService {
  /// The raw sensors the service cannot run without: its own sensor, or the accelerometer and
  /// the gyroscope for device motion (whose magnetic frames read the magnetometer too).
  var requiredSensors: Set<MotionSensor> {
    sensor.map { [$0] } ?? [.accelerometer, .gyro]
  }
}
