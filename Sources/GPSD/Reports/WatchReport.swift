/// The `WATCH` object: the watch policy gpsd applies to this connection.
///
/// gpsd answers every `?WATCH=…` with one. A malformed request gets `"json":false` and then silence,
/// which is why ``GPSDConnection`` checks ``json`` before waiting for reports.
public struct WatchReport: Sendable, Hashable {
  /// Whether watching is on.
  public var enable: Bool?
  /// Whether JSON reports are sent.
  public var json: Bool?
  /// Whether NMEA sentences are passed through.
  public var nmea: Bool?
  /// Raw mode level (0, 1 or 2).
  public var raw: Int?
  /// Whether AIS values are scaled.
  public var scaled: Bool?
  /// Whether AIS type 24 halves are reported separately.
  public var split24: Bool?
  /// Whether PPS reports are sent.
  public var pps: Bool?
  /// Whether timing information is sent (undocumented in gpsd_json(5), sent by 3.22).
  public var timing: Bool?
  /// The one device watched, when restricted.
  public var device: String?
  /// URL of the remote daemon when relayed.
  public var remote: String?

  /// Creates a watch policy with every member absent.
  public init() {}
}
