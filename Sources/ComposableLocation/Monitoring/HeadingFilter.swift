import Geomagnetism

/// Derives headings from fixes (course over ground) or compass readings and applies the
/// heading filter.
///
/// A GNSS course is noise while standing still, so no course heading is produced below
/// ``minimumSpeed``; a compass heading needs no movement. Course headings are filtered on their
/// true heading, compass headings on their magnetic one (their true one may be unknown). The magnetic heading is computed as `course − magneticVariation`
/// (variation positive east); gpsd 3.22's own `magtrack` adds the variation instead, so it is
/// not used.
public struct HeadingFilter: Hashable, Sendable {
  /// Minimum change from the last delivered heading, degrees; 0 delivers every heading.
  public var headingFilter: Double
  /// Minimum speed over ground for a course to count as a heading, metres per second.
  public var minimumSpeed: Double
  /// The last heading this filter delivered.
  public private(set) var lastDelivered: Heading?

  /// Creates a filter; `headingFilter` in degrees, `minimumSpeed` in metres per second.
  public init(headingFilter: Double = 1, minimumSpeed: Double = 0.5) {
    self.headingFilter = headingFilter
    self.minimumSpeed = minimumSpeed
  }

  /// The heading `location` gives, when it is moving, has a course, and turned enough.
  public mutating func heading(from location: Location) -> Heading? {
    guard let course = location.course, course.isFinite, let speed = location.speed,
      speed >= minimumSpeed
    else { return nil }
    let trueHeading = Self.normalized(course)
    let heading = Heading(
      trueHeading: trueHeading,
      magneticHeading: location.magneticVariation.map { Self.normalized(trueHeading - $0) },
      headingAccuracy: location.courseAccuracy,
      speed: speed,
      timestamp: location.timestamp
    )
    return deliver(heading, comparing: \.trueHeading)
  }

  /// The heading a compass `reading` gives, when it turned enough since the last one delivered.
  ///
  /// - Parameters:
  ///   - reading: the compass reading.
  ///   - declination: the magnetic declination where the device is, degrees east, or nil when
  ///     unknown (the true heading is then −1).
  ///   - speed: the latest speed over ground, metres per second.
  public mutating func heading(
    from reading: CompassReading, declination: Double?, speed: Double
  ) -> Heading? {
    guard reading.magneticHeading.isFinite else { return nil }
    let magnetic = Self.normalized(reading.magneticHeading)
    let heading = Heading(
      trueHeading: declination.map { Self.normalized(magnetic + $0) } ?? -1,
      magneticHeading: magnetic, headingAccuracy: reading.headingAccuracy, speed: speed,
      timestamp: reading.timestamp, source: .compass, x: reading.x, y: reading.y, z: reading.z)
    return deliver(heading) { $0.magneticHeading ?? $0.trueHeading }
  }

  /// `heading` unless it differs from the last delivered one (of the same source) by less
  /// than ``headingFilter`` in the angle `angle` reads.
  private mutating func deliver(_ heading: Heading, comparing angle: (Heading) -> Double)
    -> Heading?
  {
    if let last = lastDelivered, last.source == heading.source,
      Self.difference(angle(last), angle(heading)) < headingFilter
    {
      return nil
    }
    lastDelivered = heading
    return heading
  }

  /// Forgets the last delivered heading.
  public mutating func reset() {
    lastDelivered = nil
  }

  /// The smaller angle between two directions, degrees 0…180.
  static func difference(_ a: Double, _ b: Double) -> Double {
    let d = abs(a - b).truncatingRemainder(dividingBy: 360)
    return d > 180 ? 360 - d : d
  }

  static func normalized(_ degrees: Double) -> Double {
    let r = degrees.truncatingRemainder(dividingBy: 360)
    return r < 0 ? r + 360 : r
  }
}
