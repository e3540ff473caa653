import ComposableStore
import SensorsCore

extension DependencyValues {
  /// The motion client features reach with `@Dependency(\.motionClient)`: the live IIO client
  /// (``MotionClient/live(root:deviceDirectory:mode:devices:clock:bufferLimit:magneticDeclination:onEvent:)``
  /// with its defaults) in an app, and in tests a client whose every endpoint fails the test,
  /// naming it, until the test overrides it:
  ///
  /// ```swift
  /// let store = TestStore(initialState: Compass.State()) {
  ///   Compass()
  /// } withDependencies: {
  ///   $0.motionClient.create = { _ in }
  /// }
  /// ```
  public var motionClient: MotionClient {
    get { self[MotionClientKey.self] }
    set { self[MotionClientKey.self] = newValue }
  }
}

/// The key of ``DependencyValues/motionClient``.
private enum MotionClientKey: DependencyKey {
  static var liveValue: MotionClient { .live() }
  static var testValue: MotionClient {
    MotionClient(
      unimplemented: UnimplementedEndpoints(
        client: #"@Dependency(\.motionClient)"#, report: IssueReporter.report, fileID: #fileID,
        filePath: #filePath, line: #line, column: #column))
  }
}
