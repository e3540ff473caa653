/// Whether this process may read positions, like `CLAuthorizationStatus`.
///
/// Linux has no consent prompt; each status says what was observed when talking to gpsd.
/// The article "Authorization on Linux" explains each case.
public enum AuthorizationStatus: String, Hashable, Sendable, Codable, CaseIterable {
  /// Nothing was asked yet: no request and no update has contacted gpsd.
  case notDetermined
  /// gpsd answered but would not stream JSON reports (its WATCH reply said `"json":false`
  /// or was an ERROR): a daemon policy the user of this process cannot change.
  case restricted
  /// Access was refused (EACCES/EPERM on the socket), or location services are unavailable
  /// (gpsd not running or unreachable; then ``LocationClient/locationServicesEnabled`` is `false`).
  case denied
  /// gpsd answered and streams reports; requested with ``LocationClient/requestAlwaysAuthorization``.
  case authorizedAlways
  /// gpsd answered and streams reports; requested with ``LocationClient/requestWhenInUseAuthorization``.
  /// On Linux it grants exactly what ``authorizedAlways`` grants.
  case authorizedWhenInUse

  /// Whether positions may be read (either authorized case).
  public var isAuthorized: Bool { self == .authorizedAlways || self == .authorizedWhenInUse }
}
