import ComposableStore
import Synchronization

extension TestStore {
  /// The dependencies the feature runs with, in the test context: set them when the store is
  /// made (`withDependencies:`), or change them between steps, as in The Composable Architecture:
  ///
  /// ```swift
  /// store.dependencies.date = .constant(Timestamp(timeIntervalSince1970: 60))
  /// await store.send(.lap) { $0.laps = [60] }
  /// ```
  ///
  /// A change applies to the actions reduced afterwards and the effects they start; an effect
  /// already running keeps the dependencies of the action that started it.
  public var dependencies: DependencyValues {
    get { dependencyValues.current }
    set { dependencyValues.current = newValue }
  }

  /// Creates a test store running the reducer `reducer` builds, with its dependencies changed
  /// by `prepareDependencies`: The Composable Architecture's
  /// `TestStore(initialState:reducer:withDependencies:)`.
  ///
  /// ```swift
  /// let store = TestStore(initialState: Compass.State()) {
  ///   Compass()
  /// } withDependencies: {
  ///   $0.motionClient.startMagnetometerUpdates = { _ in samples.stream }
  /// }
  /// ```
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    timeoutClock: any Clock<Duration> = ContinuousClock(),
    @ReducerBuilder<State, Action> reducer: () -> sending R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      initialState: initialState(), reducer: reducer(), timeoutClock: timeoutClock,
      withDependencies: prepareDependencies, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
}

/// The test store's dependencies, shared by the test (which changes them) and the reducer
/// (which binds them for every action).
final class TestDependencies: Sendable {
  private let values: Mutex<DependencyValues>

  init(_ values: DependencyValues) {
    self.values = Mutex(values)
  }

  var current: DependencyValues {
    get { values.withLock { $0 } }
    set { values.withLock { $0 = newValue } }
  }
}
