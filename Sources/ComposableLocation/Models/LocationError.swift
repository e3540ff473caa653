/// Everything that can go wrong while locating, each with a message a person can act on.
public enum LocationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// gpsd could not be reached: nothing listens at the address, or the host is unreachable.
  case serviceUnavailable(address: String, reason: String)
  /// The operating system refused access to gpsd's socket or device (EACCES/EPERM).
  case accessDenied(address: String, reason: String)
  /// gpsd answered but refused to stream JSON (the WATCH reply or an ERROR report).
  case watchRefused(reply: String)
  /// The connection to gpsd dropped; the client reconnects on its own.
  case connectionLost(reason: String)
  /// A line from gpsd (or a capture) could not be decoded; the stream goes on.
  case malformedReport(reason: String, excerpt: String)
  /// The GPS device stopped reporting (unplugged, or silent for longer than the staleness timeout).
  case deviceLost(device: String?, reason: String)
  /// ``LocationClient/requestLocation`` saw no fix meeting the desired accuracy in time.
  case timedOut(seconds: Double, desiredAccuracy: Double, bestAccuracySeen: Double?)
  /// Positions were asked for before authorization was granted or after it was denied.
  case notAuthorized(AuthorizationStatus)
  /// A region cannot be monitored.
  case invalidRegion(id: String, reason: String)
  /// A monitored region is smaller than the fixes can resolve: with fixes of `accuracy` metres
  /// (plus the monitor's hysteresis) no fix can show the `radius`-metre region entered, so its
  /// state stays unknown.
  case regionBelowAccuracy(id: String, radius: Double, accuracy: Double)
  /// A coordinate is out of range or not finite.
  case invalidCoordinate(Coordinate)
  /// A geodesic cannot be computed: its bearing (degrees) or distance (metres) is not finite.
  case invalidGeodesic(bearing: Double, distance: Double)
  /// A replay capture could not be read.
  case replayUnreadable(path: String, reason: String)
  /// The replay capture has ended; no more fixes will come.
  case replayFinished
  /// An endpoint of an unimplemented test client was called.
  case unimplemented(endpoint: String)

  /// What went wrong and what to do about it, for a person (a log line, an alert).
  public var description: String {
    switch self {
    case .serviceUnavailable(let address, let reason):
      return "Location services are unavailable: gpsd at \(address) cannot be reached (\(reason)). "
        + "Start it (e.g. `sudo systemctl start gpsd`) or set GPSD_HOST/GPSD_PORT to where it runs."
    case .accessDenied(let address, let reason):
      return "Access to gpsd at \(address) was denied (\(reason)). "
        + "Run as a user allowed to use the socket (often the `dialout` or `gpsd` group)."
    case .watchRefused(let reply):
      return "gpsd refused to stream JSON reports; it replied: \(reply)"
    case .connectionLost(let reason):
      return "The connection to gpsd was lost (\(reason)); reconnecting."
    case .malformedReport(let reason, let excerpt):
      return "A gpsd report could not be decoded (\(reason)): \(excerpt)"
    case .deviceLost(let device, let reason):
      return "The GPS receiver \(device ?? "(unknown device)") stopped reporting (\(reason)). "
        + "Check that it is plugged in and that gpsd lists it (`gpspipe -w -n 5`)."
    case .timedOut(let seconds, let desired, let best):
      let bestText =
        best.map { "the best fix was ±\($0) m" } ?? "no fix with a known accuracy arrived"
      return "No location within ±\(desired) m arrived in \(seconds) s (\(bestText)). "
        + "Move to open sky, lower desiredAccuracy, or raise the timeout."
    case .notAuthorized(let status):
      return "Location access is not authorized (status: \(status.rawValue)). "
        + "Call requestWhenInUseAuthorization first and check that gpsd is running."
    case .invalidRegion(let id, let reason):
      return "Region \"\(id)\" cannot be monitored: \(reason)."
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
    case .replayUnreadable(let path, let reason):
      return
        "The replay capture \(path) cannot be read (\(reason)). Record one with `gpspipe -w > FILE`."
    case .replayFinished:
      return "The replay capture has ended; no more fixes will arrive."
    case .unimplemented(let endpoint):
      return "Unimplemented: LocationClient.\(endpoint)"
    }
  }
}
