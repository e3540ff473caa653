import SensorsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The direction of travel, the Linux counterpart of `CLHeading`.
///
/// A GNSS receiver has no compass: this is the course over ground, reported only while the
/// receiver moves fast enough for the course to mean something (see
/// ``LocationClient/Configuration/minimumHeadingSpeed``).
public struct Heading: Hashable, Sendable, Codable {
  /// Course over ground, degrees clockwise from true north, 0..<360.
  public var trueHeading: Double
  /// Course over ground relative to magnetic north, degrees 0..<360, when the magnetic
  /// variation is known (gpsd `magtrack`, or `track − magvar`).
  public var magneticHeading: Double?
  /// Course error, degrees (gpsd `epd`), when reported.
  public var headingAccuracy: Double?
  /// Speed over ground when the heading was measured, metres per second.
  public var speed: Double
  /// When the heading was measured (the fix's time), when reported.
  public var timestamp: Timestamp?

  /// Creates a heading. Angles are in degrees, speed in metres per second.
  public init(
    trueHeading: Double,
    magneticHeading: Double? = nil,
    headingAccuracy: Double? = nil,
    speed: Double,
    timestamp: Timestamp? = nil
  ) {
    self.trueHeading = trueHeading
    self.magneticHeading = magneticHeading
    self.headingAccuracy = headingAccuracy
    self.speed = speed
    self.timestamp = timestamp
  }
}
