/// One satellite in a ``SKYReport``.
public struct GPSDSatellite: Sendable, Hashable {
  /// gpsd's prn (pseudo-random noise) id; its numbering spans constellations (see gpsd_json(5)).
  public var prn: Int
  /// Azimuth, degrees from true north.
  public var az: Double?
  /// Elevation above the horizon, degrees.
  public var el: Double?
  /// Signal-to-noise ratio, dBHz.
  public var ss: Double?
  /// Whether the satellite was used in the current fix.
  public var used: Bool
  /// Constellation id (0 GPS, 1 SBAS, 2 Galileo, 3 BeiDou, 4 IMES, 5 QZSS, 6 GLONASS, 7 NavIC).
  public var gnssid: Int?
  /// Satellite id within its constellation.
  public var svid: Int?
  /// Signal id within the constellation.
  public var sigid: Int?
  /// GLONASS frequency id.
  public var freqid: Int?
  /// Health: 0 unknown, 1 healthy, 2 unhealthy.
  public var health: Int?

  /// Creates a satellite entry; members not given are absent.
  public init(prn: Int, used: Bool) {
    self.prn = prn
    self.used = used
  }
}
