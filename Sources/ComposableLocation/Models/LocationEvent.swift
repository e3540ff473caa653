/// Everything a location manager reports, one case per thing that can happen; the Linux
/// counterpart of `CLLocationManagerDelegate`'s callbacks.
public enum LocationEvent: Hashable, Sendable {
  /// The authorization status changed.
  case authorizationChanged(AuthorizationStatus)
  /// New fixes passed the desired accuracy and distance filter (oldest first).
  case locationsUpdated([Location])
  /// The course over ground changed by at least the heading filter.
  case headingUpdated(Heading)
  /// The device entered a monitored region.
  case enteredRegion(Region)
  /// The device left a monitored region.
  case exitedRegion(Region)
  /// The state of a region was determined (first decision, or on ``LocationClient/requestState``).
  case determinedState(RegionState, for: Region)
  /// Monitoring of a region started.
  case monitoringStarted(Region)
  /// A region cannot be monitored.
  case monitoringFailed(region: Region, error: LocationError)
  /// An arrival (no departure date) or a departure at a visited place.
  case visit(Visit)
  /// The satellites in view changed (beyond Core Location).
  case satellitesUpdated([Satellite])
  /// The link to gpsd changed state (beyond Core Location).
  case serviceStateChanged(ServiceState)
  /// Something went wrong; the stream goes on unless the state says it ended.
  case failed(LocationError)
}
