import ComposableLocation
import ComposableStore

extension LocationClient {
  /// A client whose every endpoint fails the running test, naming itself
  /// ("Unimplemented: LocationClient.requestLocation"). Override the endpoints a test expects:
  ///
  /// ```swift
  /// var client = LocationClient.unimplemented()
  /// client.requestWhenInUseAuthorization = { _ in }
  /// client.create = { _ in events.stream }
  /// ```
  ///
  /// An unimplemented endpoint that must return something returns a harmless value: a
  /// finished stream, `.notDetermined`, `false`, `nil`, an empty set, 0; `requestLocation` throws
  /// ``LocationError/unimplemented(endpoint:)``.
  public static func unimplemented(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> LocationClient {
    let fail: @Sendable (String) -> Void = { endpoint in
      reportIssue(
        "Unimplemented: LocationClient.\(endpoint)", fileID: fileID, filePath: filePath, line: line,
        column: column)
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
