/// Where a live client's fixes come from, reported by
/// ``LocationEvent/serviceStateChanged(_:)`` as ``ServiceState/source(_:)`` when a stream opens.
public enum LocationSource: Hashable, Sendable {
  /// gpsd at `address` (`host:port`).
  case gpsd(address: String)
  /// GeoClue2 on the system bus at `bus` (a `unix:path=…` address).
  case geoClue(bus: String)
}
