import ComposableLocation
import ComposableStore
import SensorsCore

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
    installIssueReporter()
    return LocationClient(
      unimplemented: UnimplementedEndpoints(
        client: "LocationClient", report: IssueReporter.report, fileID: fileID, filePath: filePath,
        line: line, column: column))
  }
}
