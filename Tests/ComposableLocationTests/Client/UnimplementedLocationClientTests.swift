import ComposableLocation
import ComposableSensorsTesting
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
      issue.comments.contains { $0.rawValue == "Unimplemented: LocationClient.requestLocation" }
    }
    await withKnownIssue {
      await client.startMonitoring(
        id: 1, region: Region(id: "r", center: .init(latitude: 0, longitude: 0), radius: 1))
    } matching: { issue in
      issue.comments.contains { $0.rawValue == "Unimplemented: LocationClient.startMonitoring" }
    }
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
}
