import SensorsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A heading, the Linux counterpart of `CLHeading`; ``source`` says which kind.
///
/// With a compass (``LocationClient/Configuration/compass``) it is where the device's
/// reference edge points (``LocationClient/Properties/headingOrientation``), from the
/// magnetometer, with the raw field as `CLHeading` has it. Without one a GNSS receiver has no
/// compass: it is the course over ground, reported only while the receiver moves fast enough
/// for the course to mean something (see ``LocationClient/Configuration/minimumHeadingSpeed``).
public struct Heading: Hashable, Sendable, Codable {
  /// Degrees clockwise from true north, 0..<360. A compass heading before any fix gives the
  /// declination is −1, as Core Location reports a true heading it cannot determine.
  public var trueHeading: Double
  /// Degrees clockwise from magnetic north, 0..<360: the compass's, or the course's when the
  /// magnetic variation is known (gpsd `magtrack`, or `track − magvar`).
  public var magneticHeading: Double?
  /// How far the heading can be off, degrees: the compass's bound (negative when not valid,
  /// as `CLHeading.headingAccuracy`), or the course error (gpsd `epd`), when reported.
  public var headingAccuracy: Double?
  /// Speed over ground, metres per second: when the course was measured, or of the latest fix
  /// for a compass heading (0 before any).
  public var speed: Double
  /// When the heading was measured (the fix's or the compass reading's time), when reported.
  public var timestamp: Timestamp?
  /// Where the heading comes from.
  public var source: HeadingSource
  /// The magnetic field along the device's x axis, µT (compass headings only).
  public var x: Double?
  /// The magnetic field along the device's y axis, µT (compass headings only).
  public var y: Double?
  /// The magnetic field along the device's z axis, µT (compass headings only).
  public var z: Double?

  /// Creates a heading. Angles are in degrees, speed in metres per second, the field in µT.
  public init(
    trueHeading: Double,
    magneticHeading: Double? = nil,
    headingAccuracy: Double? = nil,
    speed: Double,
    timestamp: Timestamp? = nil,
    source: HeadingSource = .courseOverGround,
    x: Double? = nil,
    y: Double? = nil,
    z: Double? = nil
  ) {
    self.trueHeading = trueHeading
    self.magneticHeading = magneticHeading
    self.headingAccuracy = headingAccuracy
    self.speed = speed
    self.timestamp = timestamp
    self.source = source
    self.x = x
    self.y = y
    self.z = z
  }

  private enum CodingKeys: String, CodingKey {
    case trueHeading, magneticHeading, headingAccuracy, speed, timestamp, source, x, y, z
  }

  /// Decodes a heading; one written before headings had a source is a course over ground.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    trueHeading = try container.decode(Double.self, forKey: .trueHeading)
    magneticHeading = try container.decodeIfPresent(Double.self, forKey: .magneticHeading)
    headingAccuracy = try container.decodeIfPresent(Double.self, forKey: .headingAccuracy)
    speed = try container.decode(Double.self, forKey: .speed)
    timestamp = try container.decodeIfPresent(Timestamp.self, forKey: .timestamp)
    source =
      try container.decodeIfPresent(HeadingSource.self, forKey: .source) ?? .courseOverGround
    x = try container.decodeIfPresent(Double.self, forKey: .x)
    y = try container.decodeIfPresent(Double.self, forKey: .y)
    z = try container.decodeIfPresent(Double.self, forKey: .z)
  }
}
