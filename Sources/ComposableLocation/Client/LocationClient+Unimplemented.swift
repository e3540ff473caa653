import ComposableStore
import SensorsCore

extension LocationClient {
  /// A client whose every endpoint reports an issue through `report`, naming itself as `name`
  /// and the endpoint, and returns a harmless value: what `.unimplemented()` in the testing
  /// product and the `\.locationClient` dependency's test value are made of.
  package static func unimplemented(
    name: String,
    report: @escaping IssueReporter.Reporter,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) -> LocationClient {
    let fail: @Sendable (String) -> Void = { endpoint in
      report("Unimplemented: \(name).\(endpoint)", fileID, filePath, line, column)
    }
    return LocationClient(
      create: { _ in
        fail("create")
        return AsyncStream { $0.finish() }
      },
      destroy: { _ in fail("destroy") },
      authorizationStatus: {
        fail("authorizationStatus")
        return .notDetermined
      },
      authorizationStatusUpdates: {
        fail("authorizationStatusUpdates")
        return AsyncStream { $0.finish() }
      },
      locationServicesEnabled: {
        fail("locationServicesEnabled")
        return false
      },
      requestWhenInUseAuthorization: { _ in fail("requestWhenInUseAuthorization") },
      requestAlwaysAuthorization: { _ in fail("requestAlwaysAuthorization") },
      requestLocation: { _ throws(LocationError) in
        fail("requestLocation")
        throw LocationError.unimplemented(endpoint: "requestLocation")
      },
      startUpdatingLocation: { _ in fail("startUpdatingLocation") },
      stopUpdatingLocation: { _ in fail("stopUpdatingLocation") },
      location: { _ in
        fail("location")
        return nil
      },
      set: { _, _ in fail("set") },
      startUpdatingHeading: { _ in fail("startUpdatingHeading") },
      stopUpdatingHeading: { _ in fail("stopUpdatingHeading") },
      startMonitoring: { _, _ in fail("startMonitoring") },
      stopMonitoring: { _, _ in fail("stopMonitoring") },
      requestState: { _, _ in fail("requestState") },
      monitoredRegions: { _ in
        fail("monitoredRegions")
        return []
      },
      startMonitoringSignificantLocationChanges: { _ in
        fail("startMonitoringSignificantLocationChanges")
      },
      stopMonitoringSignificantLocationChanges: { _ in
        fail("stopMonitoringSignificantLocationChanges")
      },
      startMonitoringVisits: { _ in fail("startMonitoringVisits") },
      stopMonitoringVisits: { _ in fail("stopMonitoringVisits") },
      droppedEvents: { _ in
        fail("droppedEvents")
        return 0
      },
      heading: { _ in
        fail("heading")
        return nil
      },
      headingAvailable: {
        fail("headingAvailable")
        return false
      },
      significantLocationChangeMonitoringAvailable: {
        fail("significantLocationChangeMonitoringAvailable")
        return false
      },
      maximumRegionMonitoringDistance: {
        fail("maximumRegionMonitoringDistance")
        return 0
      }
    )
  }
}
