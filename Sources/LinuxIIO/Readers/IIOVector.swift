/// Three components along the device's x, y and z axes, in the unit of the channel type
/// they came from (m/s² for accel, rad/s for anglvel, gauss for magn).
public struct IIOVector: Hashable, Sendable {
  /// Component along x.
  public var x: Double
  /// Component along y.
  public var y: Double
  /// Component along z.
  public var z: Double

  /// Creates a vector from its components.
  public init(x: Double, y: Double, z: Double) {
    self.x = x
    self.y = y
    self.z = z
  }
}
