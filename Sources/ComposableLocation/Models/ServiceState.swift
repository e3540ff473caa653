#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The state of the link to gpsd or GeoClue (beyond Core Location), reported by
/// ``LocationEvent/serviceStateChanged(_:)``.
public enum ServiceState: Hashable, Sendable {
  /// Connecting to gpsd.
  case connecting
  /// Connected, and gpsd accepted the WATCH; `release` is gpsd's version when it said.
  case connected(release: String?)
  /// The connection dropped; reconnecting, `attempt` counts from 1.
  case reconnecting(attempt: Int)
  /// A receiver was activated (plugged in, or opened by gpsd).
  case deviceActivated(device: String)
  /// A receiver went away: gpsd reported it deactivated, or it was silent for too long.
  case deviceLost(device: String?)
  /// gpsd (or GeoClue) cannot be reached at all (location services disabled).
  case unavailable
  /// The backend the stream reads, said first when a live stream opens
  /// (``LocationClient/live(configuration:clock:)`` chooses gpsd or GeoClue).
  case source(LocationSource)
  /// The source ended for good (a replay reached its end, or the client was stopped).
  case ended
}
