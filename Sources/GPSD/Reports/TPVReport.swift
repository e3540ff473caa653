/// A time-position-velocity report (`"class":"TPV"`), with every member of gpsd_json(5) for protocol 3.14.
///
/// Property names are gpsd's own member names, so the gpsd documentation reads straight across. Every
/// member except ``mode`` is optional: a value gpsd did not send stays `nil`, never `0`.
/// Angles are in degrees, distances in metres, speeds in metres per second, times in seconds; error
/// estimates (`ep…`) are gpsd's 95 % confidence values.
public struct TPVReport: Sendable, Hashable {
  /// Path of the device that produced the fix, e.g. `/dev/ttyUSB0`.
  public var device: String?
  /// Fix quality (DGPS, RTK, dead reckoning…); gpsd omits it for a normal fix.
  public var status: GPSDFixStatus?
  /// Fix dimension; always present.
  public var mode: GPSDFixMode
  /// Time of the fix, UTC.
  public var time: GPSDTimestamp?
  /// Altitude above the WGS-84 ellipsoid, metres.
  public var altHAE: Double?
  /// Altitude above mean sea level (the geoid), metres.
  public var altMSL: Double?
  /// Deprecated alias of ``altMSL`` that gpsd still sends, metres.
  public var alt: Double?
  /// Climb (positive) or sink rate, metres per second.
  public var climb: Double?
  /// Datum of the position, when not WGS 84.
  public var datum: String?
  /// Depth, metres.
  public var depth: Double?
  /// Age of the differential corrections, seconds.
  public var dgpsAge: Double?
  /// Differential reference station id.
  public var dgpsSta: Int?
  /// Estimated climb error, metres per second (95 %).
  public var epc: Double?
  /// Estimated track (direction) error, degrees (95 %).
  public var epd: Double?
  /// Estimated horizontal position error, metres (95 %).
  public var eph: Double?
  /// Estimated speed error, metres per second (95 %).
  public var eps: Double?
  /// Estimated timestamp error, seconds (95 %).
  public var ept: Double?
  /// Longitude error estimate, metres (95 %).
  public var epx: Double?
  /// Latitude error estimate, metres (95 %).
  public var epy: Double?
  /// Estimated vertical error, metres (95 %).
  public var epv: Double?
  /// Geoid separation: ellipsoid height minus MSL height, metres.
  public var geoidSep: Double?
  /// Latitude, degrees, positive north (WGS 84).
  public var lat: Double?
  /// Current leap seconds (GPS − UTC), seconds.
  public var leapseconds: Int?
  /// Longitude, degrees, positive east (WGS 84).
  public var lon: Double?
  /// Course over ground relative to true north, degrees.
  public var track: Double?
  /// Course over ground relative to magnetic north, degrees.
  public var magtrack: Double?
  /// Magnetic variation, degrees, positive east.
  public var magvar: Double?
  /// Speed over ground, metres per second.
  public var speed: Double?
  /// ECEF X position, metres.
  public var ecefx: Double?
  /// ECEF Y position, metres.
  public var ecefy: Double?
  /// ECEF Z position, metres.
  public var ecefz: Double?
  /// ECEF position error, metres.
  public var ecefpAcc: Double?
  /// ECEF X velocity, metres per second.
  public var ecefvx: Double?
  /// ECEF Y velocity, metres per second.
  public var ecefvy: Double?
  /// ECEF Z velocity, metres per second.
  public var ecefvz: Double?
  /// ECEF velocity error, metres per second.
  public var ecefvAcc: Double?
  /// Estimated spherical (3D) position error, metres (95 %).
  public var sep: Double?
  /// Down component of the relative position vector (RTK baseline), metres.
  public var relD: Double?
  /// East component of the relative position vector (RTK baseline), metres.
  public var relE: Double?
  /// North component of the relative position vector (RTK baseline), metres.
  public var relN: Double?
  /// Down velocity component, metres per second.
  public var velD: Double?
  /// East velocity component, metres per second.
  public var velE: Double?
  /// North velocity component, metres per second.
  public var velN: Double?
  /// Wind angle, magnetic, degrees.
  public var wanglem: Double?
  /// Wind angle relative to the vessel, degrees.
  public var wangler: Double?
  /// Wind angle, true, degrees.
  public var wanglet: Double?
  /// Wind speed relative to the vessel, metres per second.
  public var wspeedr: Double?
  /// Wind speed, true, metres per second.
  public var wspeedt: Double?

  /// Creates a report with the given mode and every other member absent.
  public init(mode: GPSDFixMode = .notSeen) {
    self.mode = mode
  }
}
