/// A magnetic field in microteslas (µT) along the device's x, y and z axes.
///
/// IIO magnetometers report gauss (1 G = 100 µT); the live backend converts at the boundary.
public struct MagneticField: Sendable, Hashable, Codable {
  /// The x-axis component, in µT.
  public var x: Double
  /// The y-axis component, in µT.
  public var y: Double
  /// The z-axis component, in µT.
  public var z: Double

  /// Creates a magnetic field from its components, in µT.
  public init(x: Double, y: Double, z: Double) {
    self.x = x
    self.y = y
    self.z = z
  }
}
