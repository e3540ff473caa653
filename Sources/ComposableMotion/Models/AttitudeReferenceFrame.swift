/// The reference frame an ``Attitude`` is expressed in, as Core Motion's `CMAttitudeReferenceFrame` defines them.
///
/// In every frame the z axis is vertical and points up (away from the Earth's centre), and the axes are
/// right-handed. The frames differ in where the horizontal x axis points.
public enum AttitudeReferenceFrame: String, Sendable, Hashable, Codable, CaseIterable {
  /// x horizontal in an arbitrary direction fixed when updates start, z up; y completes a right-handed frame.
  ///
  /// Uses gyroscope and accelerometer only, so the yaw drifts slowly with the remaining gyroscope bias.
  case xArbitraryZVertical
  /// Like ``xArbitraryZVertical`` (x horizontal, arbitrary but fixed at start, z up), with the yaw held
  /// against drift by the magnetometer. Needs a magnetometer.
  case xArbitraryCorrectedZVertical
  /// x horizontal towards magnetic north, z up, so y points to magnetic west. Needs a magnetometer.
  case xMagneticNorthZVertical
  /// x horizontal towards true (geographic) north, z up, so y points to true west. Needs a magnetometer and
  /// the magnetic declination at the device's position.
  case xTrueNorthZVertical

  /// Whether this frame needs a magnetometer.
  public var requiresMagnetometer: Bool { self != .xArbitraryZVertical }

  /// Whether this frame's x axis points to a north, so that a heading can be reported.
  public var isNorthReferenced: Bool {
    self == .xMagneticNorthZVertical || self == .xTrueNorthZVertical
  }
}
