/// What one reader delivers per tick: the samples read together from one physical device,
/// already in Core Motion units (g, rad/s, µT), with one timestamp in seconds since boot.
struct MotionScan: Sendable, Hashable {
  var timestamp: Double
  var acceleration: Acceleration?
  var rotationRate: RotationRate?
  var magneticField: MagneticField?

  init(
    timestamp: Double,
    acceleration: Acceleration? = nil,
    rotationRate: RotationRate? = nil,
    magneticField: MagneticField? = nil
  ) {
    self.timestamp = timestamp
    self.acceleration = acceleration
    self.rotationRate = rotationRate
    self.magneticField = magneticField
  }

  /// Whether the scan carries a value for `sensor`.
  func contains(_ sensor: MotionSensor) -> Bool {
    switch sensor {
    case .accelerometer: return acceleration != nil
    case .gyro: return rotationRate != nil
    case .magnetometer: return magneticField != nil
    }
  }
}
