/// A sky view (`"class":"SKY"`): dilutions of precision and the satellites in view.
///
/// Dilutions of precision are dimensionless factors; an absent value stays `nil`.
public struct SKYReport: Sendable, Hashable {
  /// Path of the reporting device.
  public var device: String?
  /// Time of the sky view, UTC.
  public var time: GPSDTimestamp?
  /// Longitudinal dilution of precision.
  public var xdop: Double?
  /// Latitudinal dilution of precision.
  public var ydop: Double?
  /// Vertical dilution of precision.
  public var vdop: Double?
  /// Time dilution of precision.
  public var tdop: Double?
  /// Horizontal dilution of precision.
  public var hdop: Double?
  /// Geometric (hyperspherical) dilution of precision.
  public var gdop: Double?
  /// Position (spherical) dilution of precision.
  public var pdop: Double?
  /// Number of satellites in view, as gpsd counted them.
  public var nSat: Int?
  /// Number of satellites used in the fix, as gpsd counted them.
  public var uSat: Int?
  /// The satellites in view; empty when gpsd sent none.
  public var satellites: [GPSDSatellite]

  /// Creates a sky view with the given satellites and every other member absent.
  public init(satellites: [GPSDSatellite] = []) {
    self.satellites = satellites
  }
}
