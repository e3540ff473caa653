/// One gyroscope sample, as Core Motion's `CMGyroData` gives it.
///
/// The rate is raw (not bias-corrected), in rad/s about the device's axes, right-handed.
public struct GyroData: Sendable, Hashable, Codable {
  /// The measured rotation rate, in rad/s.
  public var rotationRate: RotationRate
  /// When the sample was taken, in seconds since boot (the kernel's timestamp when buffered).
  public var timestamp: Double

  /// Creates a sample from a rotation rate in rad/s and a timestamp in seconds since boot.
  public init(rotationRate: RotationRate, timestamp: Double) {
    self.rotationRate = rotationRate
    self.timestamp = timestamp
  }
}
