/// Where a ``Heading`` comes from.
public enum HeadingSource: String, Hashable, Sendable, Codable {
  /// The receiver's course over ground: the direction of travel, only while moving.
  case courseOverGround
  /// A compass (the magnetometer through device motion): the direction the device's reference
  /// edge points, moving or not (``LocationClient/Configuration/compass``).
  case compass
}
