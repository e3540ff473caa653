import ComposableStore
import SensorsCore

extension LocationClient {
  /// A client whose every endpoint reports its calls through `fail` (naming the client and the
  /// endpoint) and returns a harmless placeholder: what `.unimplemented()` in the testing product
  /// and the dependency's test value are made of.
  ///
  /// Each stored endpoint is assigned here (not through the public initialiser's defaults), so
  /// the compiler rejects one left out.
  package init(unimplemented fail: UnimplementedEndpoints) {
    create = fail(async: "create") { _ in AsyncStream { $0.finish() } }
    destroy = fail(async: "destroy") { _ in }
    authorizationStatus = fail(async: "authorizationStatus") { .notDetermined }
    authorizationStatusUpdates = fail(async: "authorizationStatusUpdates") {
      AsyncStream { $0.finish() }
    }
    locationServicesEnabled = fail(async: "locationServicesEnabled") { false }
    requestWhenInUseAuthorization = fail(async: "requestWhenInUseAuthorization") { _ in }
    requestAlwaysAuthorization = fail(async: "requestAlwaysAuthorization") { _ in }
    requestLocation = fail(asyncThrowing: "requestLocation") {
      (_: AnyHashableSendable) async throws(LocationError) -> Location in
      throw LocationError.unimplemented(endpoint: "requestLocation")
    }
    startUpdatingLocation = fail(async: "startUpdatingLocation") { _ in }
    stopUpdatingLocation = fail(async: "stopUpdatingLocation") { _ in }
    location = fail(async: "location") { _ in nil }
    set = fail(async: "set") { _, _ in }
    startUpdatingHeading = fail(async: "startUpdatingHeading") { _ in }
    stopUpdatingHeading = fail(async: "stopUpdatingHeading") { _ in }
    startMonitoring = fail(async: "startMonitoring") { _, _ in }
    stopMonitoring = fail(async: "stopMonitoring") { _, _ in }
    requestState = fail(async: "requestState") { _, _ in }
    monitoredRegions = fail(async: "monitoredRegions") { _ in [] }
    startMonitoringSignificantLocationChanges = fail(
      async: "startMonitoringSignificantLocationChanges"
    ) { _ in }
    stopMonitoringSignificantLocationChanges = fail(
      async: "stopMonitoringSignificantLocationChanges"
    ) { _ in }
    startMonitoringVisits = fail(async: "startMonitoringVisits") { _ in }
    stopMonitoringVisits = fail(async: "stopMonitoringVisits") { _ in }
    droppedEvents = fail(async: "droppedEvents") { _ in 0 }
    heading = fail(async: "heading") { _ in nil }
    headingAvailable = fail(async: "headingAvailable") { false }
    significantLocationChangeMonitoringAvailable = fail(
      async: "significantLocationChangeMonitoringAvailable"
    ) { false }
    maximumRegionMonitoringDistance = fail(async: "maximumRegionMonitoringDistance") { 0 }
  }
}
