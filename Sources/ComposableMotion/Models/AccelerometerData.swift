/// One accelerometer sample, as Core Motion's `CMAccelerometerData` gives it.
///
/// The value is in g with Core Motion's sign: a device lying flat, face up, at rest reads
/// ≈ (0, 0, −1). The live backend converts the kernel's m/s² (opposite sign) at the boundary.
public struct AccelerometerData: Sendable, Hashable, Codable {
  /// The measured acceleration, gravity included, in g.
  public var acceleration: Acceleration
  /// When the sample was taken, in seconds since boot (the kernel's timestamp when buffered).
  public var timestamp: Double

  /// Creates a sample from an acceleration in g and a timestamp in seconds since boot.
  public init(acceleration: Acceleration, timestamp: Double) {
    self.acceleration = acceleration
    self.timestamp = timestamp
  }
}
