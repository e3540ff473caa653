import ComposableStore
import SensorsCore

extension DependencyValues {
  /// The location client features reach with `@Dependency(\.locationClient)`: the live gpsd
  /// client (``LocationClient/live(configuration:clock:)`` with its defaults) in an app, and in
  /// tests a client whose every endpoint fails the test, naming it, until the test overrides it:
  ///
  /// ```swift
  /// let store = TestStore(initialState: Tracker.State()) {
  ///   Tracker()
  /// } withDependencies: {
  ///   $0.locationClient.create = { _ in events.stream }
  /// }
  /// ```
  public var locationClient: LocationClient {
    get { self[LocationClientKey.self] }
    set { self[LocationClientKey.self] = newValue }
  }
}

/// The key of ``DependencyValues/locationClient``.
private enum LocationClientKey: DependencyKey {
  static var liveValue: LocationClient { .live() }
  static var testValue: LocationClient {
    LocationClient(
      unimplemented: UnimplementedEndpoints(
        client: #"@Dependency(\.locationClient)"#, report: IssueReporter.report, fileID: #fileID,
        filePath: #filePath, line: #line, column: #column))
  }
}
