import SensorsCore

/// One reading of a compass: the heading of the device's reference edge from magnetic north,
/// how far it can be trusted, and the magnetic field it comes from.
///
/// ComposableMotion makes them from device motion (`CompassSource.deviceMotion`);
/// ComposableLocation turns them into `Heading` values, adding true north from its fixes.
public struct CompassReading: Sendable, Hashable, Codable {
  /// Degrees clockwise from magnetic north, 0..<360, for the ``HeadingOrientation`` asked for.
  public var magneticHeading: Double
  /// A bound on the heading's error in degrees, Core Location's `headingAccuracy`: negative
  /// when the heading is not valid (the magnetometer is not calibrated yet, or disturbed).
  public var headingAccuracy: Double
  /// The magnetic field along the device's x axis, µT.
  public var x: Double
  /// The magnetic field along the device's y axis, µT.
  public var y: Double
  /// The magnetic field along the device's z axis, µT.
  public var z: Double
  /// When the heading was measured (UTC).
  public var timestamp: Timestamp

  /// A reading; angles in degrees, the field in µT in device axes.
  public init(
    magneticHeading: Double, headingAccuracy: Double, x: Double, y: Double, z: Double,
    timestamp: Timestamp
  ) {
    self.magneticHeading = magneticHeading
    self.headingAccuracy = headingAccuracy
    self.x = x
    self.y = y
    self.z = z
    self.timestamp = timestamp
  }
}
