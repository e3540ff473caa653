import ComposableLocation
import ComposableSensorsTesting
import SensorsCore
import SensorsTestSupport
import Testing

@Suite struct UnimplementedLocationClientTests {
  @Test("An endpoint that is not overridden fails the test, naming itself")
  func namesTheEndpoint() async {
    let client = LocationClient.unimplemented()
    await withKnownIssue {
      await #expect(throws: LocationError.unimplemented(endpoint: "requestLocation")) {
        try await client.requestLocation(id: 1)
      }
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix(
          "Unimplemented: LocationClient.requestLocation was called (requestLocation(id: 1))")
      }
    }
    await withKnownIssue {
      await client.startMonitoring(
        id: 1, region: Region(id: "r", center: .init(latitude: 0, longitude: 0), radius: 1))
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix("Unimplemented: LocationClient.startMonitoring was called")
      }
    }
  }

  /// Checks the client's stored endpoints found by reflection, so an endpoint added later fails
  /// here, by name, until it is called below.
  @Test("Every stored endpoint reports one call, naming itself")
  func everyStoredEndpointReports() async {
    await expectEveryEndpointReportsItsName(
      clientName: "LocationClient", make: { LocationClient(unimplemented: $0) }, calls: Self.calls)
  }

  @Test("Overridden endpoints run without failing")
  func overriding() async throws {
    var client = LocationClient.unimplemented()
    client.authorizationStatus = { .authorizedAlways }
    client.requestLocation = { _ in Location(coordinate: .init(latitude: 1, longitude: 2)) }
    #expect(await client.authorizationStatus() == .authorizedAlways)
    #expect(
      try await client.requestLocation(id: "a").coordinate == .init(latitude: 1, longitude: 2))
  }

  private static let region = Region(id: "r", center: .init(latitude: 0, longitude: 0), radius: 1)

  /// One call of each endpoint, by name.
  private static let calls: [String: @Sendable (LocationClient) async -> Void] = [
    "create": { _ = await $0.create(sampleID) },
    "destroy": { await $0.destroy(sampleID) },
    "authorizationStatus": { _ = await $0.authorizationStatus() },
    "authorizationStatusUpdates": { _ = await $0.authorizationStatusUpdates() },
    "locationServicesEnabled": { _ = await $0.locationServicesEnabled() },
    "requestWhenInUseAuthorization": { await $0.requestWhenInUseAuthorization(sampleID) },
    "requestAlwaysAuthorization": { await $0.requestAlwaysAuthorization(sampleID) },
    "requestLocation": { client in
      await #expect(throws: LocationError.unimplemented(endpoint: "requestLocation")) {
        try await client.requestLocation(sampleID)
      }
    },
    "startUpdatingLocation": { await $0.startUpdatingLocation(sampleID) },
    "stopUpdatingLocation": { await $0.stopUpdatingLocation(sampleID) },
    "location": { _ = await $0.location(sampleID) },
    "set": { await $0.set(sampleID, LocationClient.Properties(distanceFilter: 5)) },
    "startUpdatingHeading": { await $0.startUpdatingHeading(sampleID) },
    "stopUpdatingHeading": { await $0.stopUpdatingHeading(sampleID) },
    "startMonitoring": { await $0.startMonitoring(sampleID, region) },
    "stopMonitoring": { await $0.stopMonitoring(sampleID, region) },
    "requestState": { await $0.requestState(sampleID, region) },
    "monitoredRegions": { _ = await $0.monitoredRegions(sampleID) },
    "startMonitoringSignificantLocationChanges": {
      await $0.startMonitoringSignificantLocationChanges(sampleID)
    },
    "stopMonitoringSignificantLocationChanges": {
      await $0.stopMonitoringSignificantLocationChanges(sampleID)
    },
    "startMonitoringVisits": { await $0.startMonitoringVisits(sampleID) },
    "stopMonitoringVisits": { await $0.stopMonitoringVisits(sampleID) },
    "droppedEvents": { _ = await $0.droppedEvents(sampleID) },
    "heading": { _ = await $0.heading(sampleID) },
    "headingAvailable": { _ = await $0.headingAvailable() },
    "significantLocationChangeMonitoringAvailable": {
      _ = await $0.significantLocationChangeMonitoringAvailable()
    },
    "maximumRegionMonitoringDistance": { _ = await $0.maximumRegionMonitoringDistance() },
  ]
}

/// The manager id the endpoint calls above pass.
private let sampleID = AnyHashableSendable(1)
