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
