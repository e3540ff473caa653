/// A sensor a device measures directly, served by one reader: what discovery routes to an IIO
/// device, a recording has columns for, and an error names when it is missing.
///
/// The fused device motion is not a sensor but a service built on them (see ``MotionService``).
public enum MotionSensor: String, Sendable, Hashable, Codable, CaseIterable {
  /// Acceleration, in g (``AccelerometerData``).
  case accelerometer
  /// Rotation rate, in rad/s (``GyroData``).
  case gyro
  /// Magnetic field, in µT (``MagnetometerData``).
  case magnetometer
}
