/// One satellite in view, from gpsd's SKY report (beyond Core Location).
public struct Satellite: Hashable, Sendable, Codable {
  /// gpsd's PRN / satellite id (`PRN`).
  public var prn: Int
  /// GNSS system id (`gnssid`): 0 GPS, 1 SBAS, 2 Galileo, 3 BeiDou, 4 IMES, 5 QZSS, 6 GLONASS, 7 NavIC.
  public var gnssID: Int?
  /// Satellite id within its system (`svid`).
  public var svid: Int?
  /// Azimuth, degrees clockwise from true north (`az`).
  public var azimuth: Double?
  /// Elevation above the horizon, degrees (`el`).
  public var elevation: Double?
  /// Signal-to-noise ratio, dB-Hz (`ss`).
  public var signalStrength: Double?
  /// Whether the satellite is used in the current solution (`used`).
  public var used: Bool

  /// Creates a satellite. Angles are in degrees, signal strength in dB-Hz.
  public init(
    prn: Int,
    gnssID: Int? = nil,
    svid: Int? = nil,
    azimuth: Double? = nil,
    elevation: Double? = nil,
    signalStrength: Double? = nil,
    used: Bool
  ) {
    self.prn = prn
    self.gnssID = gnssID
    self.svid = svid
    self.azimuth = azimuth
    self.elevation = elevation
    self.signalStrength = signalStrength
    self.used = used
  }
}
