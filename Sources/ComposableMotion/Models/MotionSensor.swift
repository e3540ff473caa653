/// The motion services a ``MotionClient`` can run, each with its own update interval,
/// activity flag and drop counter.
public enum MotionSensor: String, Sendable, Hashable, Codable, CaseIterable {
  /// Raw acceleration, in g (``AccelerometerData``).
  case accelerometer
  /// Raw rotation rate, in rad/s (``GyroData``).
  case gyro
  /// Raw magnetic field, in µT (``MagnetometerData``).
  case magnetometer
  /// Fused attitude, gravity and user acceleration (``DeviceMotion``), built from the others.
  case deviceMotion
}

extension MotionSensor {
  /// The sensors a device measures directly, each served by one reader: accelerometer,
  /// gyroscope, magnetometer. Device motion is a service fused from them.
  public static let rawSensors: [MotionSensor] = [.accelerometer, .gyro, .magnetometer]

  /// Whether a device measures this directly (false for the fused ``deviceMotion``).
  public var isRaw: Bool { self != .deviceMotion }
}
