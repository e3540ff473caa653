/// An acceleration in g (1 g = 9.80665 m/s²), in the device's axes, with Core Motion's sign:
/// a device lying flat, face up, at rest measures gravity ≈ (0, 0, −1).
public struct Acceleration: Sendable, Hashable, Codable {
  /// The x-axis component, in g.
  public var x: Double
  /// The y-axis component, in g.
  public var y: Double
  /// The z-axis component, in g.
  public var z: Double

  /// Creates an acceleration from its components, in g.
  public init(x: Double, y: Double, z: Double) {
    self.x = x
    self.y = y
    self.z = z
  }
}
