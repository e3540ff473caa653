import DBus
import GPSD

/// Everything that can go wrong while locating: values a reducer can switch on (the gpsd-level
/// causes are the GPSD module's `GPSDConnectionError` and `GPSDDecodingError` values), each with a
/// ``description`` a person can act on.
public enum LocationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// gpsd could not be reached at `address` (`host:port`): nothing listens there, the host is
  /// unknown or unreachable, or it did not answer in time.
  case serviceUnavailable(address: String, cause: GPSDConnectionError)
  /// The operating system refused access to gpsd's socket at `address` (EACCES/EPERM).
  case accessDenied(address: String)
  /// gpsd answered but refused to stream JSON: a WATCH reply without `"json":true`
  /// (`GPSDConnectionError.watchRejected(_:)`) or a protocol this client does not speak.
  case watchRefused(GPSDConnectionError)
  /// gpsd sent an `ERROR` report: what it refused (``GPSDErrorReport/kind``) and its text.
  case gpsdError(GPSDErrorReport)
  /// The connection to gpsd dropped; the client reconnects on its own.
  case connectionLost(GPSDConnectionError)
  /// A line from gpsd (or a capture) could not be decoded; the stream goes on. `excerpt` is the
  /// start of the line when known (empty otherwise).
  case malformedReport(GPSDDecodingError, excerpt: String)
  /// The GPS device stopped reporting: silent for `silentFor` (the staleness timeout).
  case deviceLost(device: String?, silentFor: Duration)
  /// ``LocationClient/requestLocation`` saw no fix meeting the desired accuracy in time.
  case timedOut(seconds: Double, desiredAccuracy: Double, bestAccuracySeen: Double?)
  /// Positions were asked for before authorization was granted or after it was denied.
  case notAuthorized(AuthorizationStatus)
  /// A region cannot be monitored.
  case invalidRegion(id: String, problem: RegionProblem)
  /// A monitored region is smaller than the fixes can resolve: with fixes of `accuracy` metres
  /// (plus the monitor's hysteresis) no fix can show the `radius`-metre region entered, so its
  /// state stays unknown.
  case regionBelowAccuracy(id: String, radius: Double, accuracy: Double)
  /// A coordinate is out of range or not finite.
  case invalidCoordinate(Coordinate)
  /// A geodesic cannot be computed: its bearing (degrees) or distance (metres) is not finite.
  case invalidGeodesic(bearing: Double, distance: Double)
  /// The replay capture at `path` could not be read: `problem` says why (a system error number,
  /// or a line too long for a gpsd capture).
  case replayUnreadable(path: String, problem: ReplayProblem)
  /// The replay capture has ended; no more fixes will come.
  case replayFinished
  /// An endpoint of an unimplemented test client was called.
  case unimplemented(endpoint: String)
  /// The compass source (``LocationClient/Configuration/compass``) failed with the error
  /// ``CompassFailure/error`` (cast it to the source module's type, such as `MotionError`).
  /// Compass headings stop until the manager's heading updates or settings are touched again
  /// (``LocationClient/startUpdatingHeading``, ``LocationClient/set``), which restarts it.
  case compassFailed(CompassFailure)
  /// GeoClue could not be reached or failed: the bus is missing, no GeoClue runs on it, it left
  /// the bus, or a call failed (`cause` says which).
  case geoClueUnavailable(DBusError)
  /// GeoClue refused location access: its agent said no, location services are disabled, or the
  /// app is not allowed in `/etc/geoclue/geoclue.conf`. The cause is GeoClue's D-Bus reply, an
  /// `org.freedesktop.DBus.Error.AccessDenied` error with GeoClue's message.
  case geoClueDenied(DBusError)

  /// What went wrong and what to do about it, for a person (a log line, an alert).
  public var description: String {
    switch self {
    case .serviceUnavailable(let address, .refused):
      // The cause's own text carries advice too; say it once.
      return "Location services are unavailable: nothing listens at \(address) (connection "
        + "refused), so gpsd is not running there. Start it (e.g. `sudo systemctl start gpsd`) "
        + "or set GPSD_HOST/GPSD_PORT to where it runs."
    case .serviceUnavailable(let address, let cause):
      return "Location services are unavailable: gpsd at \(address) cannot be reached (\(cause)). "
        + "Start it (e.g. `sudo systemctl start gpsd`) or set GPSD_HOST/GPSD_PORT to where it runs."
    case .accessDenied(let address):
      return "Access to gpsd at \(address) was denied. "
        + "Run as a user allowed to use the socket (often the `dialout` or `gpsd` group)."
    case .watchRefused(let cause):
      return "gpsd refused to stream JSON reports (\(cause)). Check gpsd's version (3.x speaks "
        + "protocol 3) and that no other client reconfigured it."
    case .gpsdError(let report):
      return "gpsd reported an error: \(report)"
    case .connectionLost(let cause):
      return "The connection to gpsd was lost (\(cause)); reconnecting."
    case .malformedReport(let cause, let excerpt):
      return "A gpsd report could not be decoded (\(cause))"
        + (excerpt.isEmpty ? "." : ": \(excerpt)")
    case .deviceLost(let device, let silence):
      return "The GPS receiver \(device ?? "(unknown device)") stopped reporting (no report for "
        + "\(silence)). Check that it is plugged in and that gpsd lists it (`gpspipe -w -n 5`)."
    case .timedOut(let seconds, let desired, let best):
      let bestText =
        best.map { "the best fix was ±\($0) m" } ?? "no fix with a known accuracy arrived"
      return "No location within ±\(desired) m arrived in \(seconds) s (\(bestText)). "
        + "Move to open sky, lower desiredAccuracy, or raise the timeout."
    case .notAuthorized(let status):
      return "Location access is not authorized (status: \(status.rawValue)). "
        + "Call requestWhenInUseAuthorization first and check that gpsd is running."
    case .invalidRegion(let id, let problem):
      return "Region \"\(id)\" cannot be monitored: \(problem)."
    case .regionBelowAccuracy(let id, let radius, let accuracy):
      return "Region \"\(id)\" (radius \(radius) m) is smaller than the fixes can resolve "
        + "(±\(accuracy) m): its state stays unknown. Use a radius of at least the fixes' accuracy plus the monitor's "
        + "hysteresis, or a receiver with a better fix (open sky, RTK)."
    case .invalidCoordinate(let c):
      return "Coordinate (\(c.latitude), \(c.longitude)) is invalid: latitude must be in −90…90 "
        + "and longitude in −180…180 degrees."
    case .invalidGeodesic(let bearing, let distance):
      return "A geodesic needs a finite bearing and distance; got bearing \(bearing)° and "
        + "distance \(distance) m."
    case .replayUnreadable(let path, let problem):
      return
        "The replay capture \(path) cannot be read (\(problem)). Record one with `gpspipe -w > FILE`."
    case .replayFinished:
      return "The replay capture has ended; no more fixes will arrive."
    case .unimplemented(let endpoint):
      return "Unimplemented: LocationClient.\(endpoint)"
    case .compassFailed(let failure):
      return "The compass stopped (\(failure)); headings resume when startUpdatingHeading is "
        + "called again."
    case .geoClueUnavailable(let cause):
      return "GeoClue is unavailable (\(cause)). Install and start geoclue-2.0 on the system bus "
        + "(or point DBUS_SYSTEM_BUS_ADDRESS at the bus it runs on)."
    case .geoClueDenied(let cause):
      return "GeoClue refused location access (\(Self.message(of: cause))). Run a GeoClue agent "
        + "that allows this app (the desktop's, or /usr/libexec/geoclue-2.0/demos/agent), enable location "
        + "services, and check the app's entry in /etc/geoclue/geoclue.conf."
    }
  }

  /// A D-Bus error's message alone when it is a remote error (GeoClue's own words).
  private static func message(of error: DBusError) -> String {
    if case .remote(_, let message) = error { return message }
    return "\(error)"
  }
}
