import SensorsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One position fix, the Linux counterpart of Core Location's `CLLocation`.
///
/// Every measured value is optional: gpsd omits what the receiver did not report, and an absent
/// value stays `nil` here, never 0. Accuracies are gpsd's 95 % confidence estimates.
public struct Location: Hashable, Sendable, Codable {
  /// Latitude and longitude, degrees on WGS-84.
  public var coordinate: Coordinate
  /// Altitude above mean sea level, metres (gpsd `altMSL`, falling back to `alt`).
  public var altitude: Double?
  /// Altitude above the WGS-84 ellipsoid, metres (gpsd `altHAE`).
  public var ellipsoidalAltitude: Double?
  /// Horizontal position error, metres: gpsd's 95 % estimate (`eph`, or the larger of
  /// `epx`/`epy`), not one sigma.
  public var horizontalAccuracy: Double?
  /// Vertical position error, metres: gpsd's 95 % estimate (`epv`).
  public var verticalAccuracy: Double?
  /// Speed over ground, metres per second (gpsd `speed`).
  public var speed: Double?
  /// Speed error, metres per second: gpsd's 95 % estimate (`eps`).
  public var speedAccuracy: Double?
  /// Course over ground, degrees clockwise from true north (gpsd `track`).
  public var course: Double?
  /// Course error, degrees: gpsd's 95 % estimate (`epd`).
  public var courseAccuracy: Double?
  /// Vertical speed, metres per second, positive up (gpsd `climb`).
  public var climb: Double?
  /// Magnetic variation (declination), degrees, positive east (gpsd `magvar`).
  ///
  /// Adding it to a magnetic heading gives a true heading.
  public var magneticVariation: Double?
  /// Height of the geoid above the ellipsoid, metres (gpsd `geoidSep`).
  public var geoidSeparation: Double?
  /// When the fix was valid, from the receiver (gpsd `time`); `nil` when it reported no time.
  public var timestamp: Timestamp?
  /// The kind of solution.
  public var fix: FixKind
  /// The gpsd device that produced the fix, e.g. `/dev/ttyACM0`.
  public var device: String?

  /// Creates a location. Only the coordinate is required; everything else defaults to absent.
  public init(
    coordinate: Coordinate,
    altitude: Double? = nil,
    ellipsoidalAltitude: Double? = nil,
    horizontalAccuracy: Double? = nil,
    verticalAccuracy: Double? = nil,
    speed: Double? = nil,
    speedAccuracy: Double? = nil,
    course: Double? = nil,
    courseAccuracy: Double? = nil,
    climb: Double? = nil,
    magneticVariation: Double? = nil,
    geoidSeparation: Double? = nil,
    timestamp: Timestamp? = nil,
    fix: FixKind = .threeDimensional,
    device: String? = nil
  ) {
    self.coordinate = coordinate
    self.altitude = altitude
    self.ellipsoidalAltitude = ellipsoidalAltitude
    self.horizontalAccuracy = horizontalAccuracy
    self.verticalAccuracy = verticalAccuracy
    self.speed = speed
    self.speedAccuracy = speedAccuracy
    self.course = course
    self.courseAccuracy = courseAccuracy
    self.climb = climb
    self.magneticVariation = magneticVariation
    self.geoidSeparation = geoidSeparation
    self.timestamp = timestamp
    self.fix = fix
    self.device = device
  }

  /// The geodesic distance in metres to another location's coordinate (WGS-84), like
  /// `CLLocation.distance(from:)`.
  ///
  /// Locations from gpsd always carry valid coordinates. For a hand-built location whose
  /// coordinate is out of range (see ``Coordinate/isValid``) the distance is NaN; use
  /// ``Coordinate/distance(to:)`` to get a typed error instead.
  public func distance(from other: Location) -> Double {
    (try? coordinate.distance(to: other.coordinate)) ?? .nan
  }
}
