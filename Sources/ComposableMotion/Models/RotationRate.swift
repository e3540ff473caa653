/// A rotation rate in radians per second about the device's x, y and z axes
/// (right-handed: positive is counter-clockwise looking down the axis).
public struct RotationRate: Sendable, Hashable, Codable {
  /// The rate about the x axis, in rad/s.
  public var x: Double
  /// The rate about the y axis, in rad/s.
  public var y: Double
  /// The rate about the z axis, in rad/s.
  public var z: Double

  /// Creates a rotation rate from its components, in rad/s.
  public init(x: Double, y: Double, z: Double) {
    self.x = x
    self.y = y
    self.z = z
  }
}
