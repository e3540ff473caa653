/// One JSON object that gpsd sent, decoded.
///
/// gpsd speaks one JSON object per line; its `"class"` member names the kind of report. Classes this module
/// does not model are kept as ``unknown(class:)`` so a newer gpsd never breaks a client.
///
/// ```swift
/// let report = try GPSDReport.decode(line)
/// if case .tpv(let tpv) = report, let lat = tpv.lat, let lon = tpv.lon {
///   print(lat, lon)
/// }
/// ```
public enum GPSDReport: Sendable, Hashable {
  /// `VERSION`: the daemon's release and protocol version, sent first on every connection.
  case version(VersionReport)
  /// `DEVICES`: every device gpsd currently knows.
  case devices([DeviceReport])
  /// `DEVICE`: one device appeared, changed, or went away (see ``DeviceReport/isDeactivated``).
  case device(DeviceReport)
  /// `WATCH`: the watch policy now in force, the answer to `?WATCH=…`.
  case watch(WatchReport)
  /// `TPV`: time, position and velocity.
  case tpv(TPVReport)
  /// `SKY`: the satellites in view and the dilutions of precision.
  case sky(SKYReport)
  /// `GST`: pseudorange noise statistics.
  case gst(GSTReport)
  /// `ATT`: vehicle attitude (heading, pitch, roll) from a compass or IMU.
  case att(ATTReport)
  /// `TOFF`: the offset between the receiver's time and the system clock.
  case toff(TimeOffsetReport)
  /// `PPS`: the offset between a pulse-per-second edge and the system clock.
  case pps(PPSReport)
  /// `ERROR`: gpsd could not understand or honour a request; the message is gpsd's own text.
  case error(message: String)
  /// A well-formed report of a class this module does not model (for example `AIS`, `OSC`, `POLL`).
  case unknown(class: String)
}
