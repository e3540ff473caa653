/// One thing a backend reports to a location manager.
enum FeedInput: Hashable, Sendable {
  case location(Location)
  case satellites([Satellite])
  case service(ServiceState)
  case failure(LocationError)
}

/// What a quick check of the backend found, for authorization.
enum ProbeResult: Hashable, Sendable {
  case authorized(release: String?)
  case denied(LocationError)
  case restricted(LocationError)
  case unavailable(LocationError)
}

/// Where fixes come from: the live (gpsd) and replay backends each provide one.
///
/// `open` starts a fresh source (a new gpsd connection, a replay from the start) every time it
/// is called; when its consumer stops iterating or is cancelled, the stream terminates and the
/// source releases its socket or file. `probe` answers "could we read positions right now?".
struct LocationFeed: Sendable {
  var open: @Sendable () -> AsyncStream<FeedInput>
  var probe: @Sendable () async -> ProbeResult
}
