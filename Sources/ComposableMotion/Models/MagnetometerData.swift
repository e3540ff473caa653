/// One magnetometer sample, as Core Motion's `CMMagnetometerData` gives it.
///
/// The field is raw (uncalibrated), in µT; the live backend converts the kernel's gauss
/// (1 G = 100 µT) at the boundary.
public struct MagnetometerData: Sendable, Hashable, Codable {
  /// The measured magnetic field, in µT.
  public var magneticField: MagneticField
  /// When the sample was taken, in seconds since boot (the kernel's timestamp when buffered).
  public var timestamp: Double

  /// Creates a sample from a field in µT and a timestamp in seconds since boot.
  public init(magneticField: MagneticField, timestamp: Double) {
    self.magneticField = magneticField
    self.timestamp = timestamp
  }
}
