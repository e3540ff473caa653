import ComposableStore
import SensorsCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A store for tests: it runs the feature for real and checks, step by step, that the state
/// changes and the actions effects send are exactly the ones the test describes.
///
/// ```swift
/// @Test func echo() async {
///   let store = TestStore(initialState: Counter.State()) { Counter() }
///   await store.send(.increment) { $0.count = 1 }
///   await store.send(.echo)
///   await store.receive(.echoed(1)) { $0.echoes = [1] }
///   await store.finish()
/// }
/// ```
///
/// Exhaustive by default (see ``Exhaustivity``). Failures go to whichever framework runs the
/// test, Swift Testing or XCTest, with an expected/actual diff of the state:
/// - the state after ``send(_:assert:fileID:filePath:line:column:)`` or
///   `receive(_:timeout:assert:)` differs from the closure's;
/// - an assertion closure was given, but the state did not change;
/// - an effect sent an action the test did not receive, or sent one after it completed;
/// - `receive(_:timeout:assert:)` waited ``timeout`` in vain;
/// - an effect is still running at ``finish(timeout:fileID:filePath:line:column:)-(Duration?,_,_,_,_)`` or when the
///   store is released.
///
/// Time is injected: give the feature a `TestClock` and advance it; ``timeout`` is a real-time
/// safety net for effects on other threads, measured on `timeoutClock`.
public final class TestStore<State: Equatable & Sendable, Action: Equatable & Sendable>: Sendable {
  struct Settings {
    var exhaustivity: Exhaustivity = .on
    var timeout: Duration = .seconds(1)
    /// The state as the test has asserted it so far.
    var state: State
    /// Effects ``TestStore/skipInFlightEffects(strict:fileID:filePath:line:column:)`` stopped
    /// tracking: they run on, but neither `finish` nor the end of the test waits for them.
    var skippedEffects: Set<UInt64> = []
    var useSerialExecutor = true
  }

  let store: Store<State, TestAction<Action>>
  let log = TestLog<State, Action>()
  let settings: Mutex<Settings>
  let timeoutClock: any Clock<Duration>
  /// Where the store's effects run while ``useSerialExecutor`` is on: the executor of the
  /// enclosing `withSerialExecutor`, or one of the store's own.
  public let executor: SerialTestExecutor
  /// The dependencies the feature runs with; ``dependencies`` changes them mid-test.
  let dependencyValues: TestDependencies
  /// The `@Shared` values the feature changed since the test last asserted them.
  let sharedChanges = SharedChangeTracker()
  let origin: (fileID: StaticString, filePath: StaticString, line: UInt, column: UInt)

  /// Creates a test store running `reducer` from `initialState`.
  ///
  /// - Parameters:
  ///   - makeInitialState: The state the test starts from (`initialState:`), made with the test store's
  ///     dependencies (so its `@Shared(.inMemory(…))` values are the store's own).
  ///   - reducer: The feature under test.
  ///   - timeoutClock: The clock for ``timeout``; real time unless a test of the test store
  ///     itself needs otherwise.
  ///   - prepareDependencies: Overrides the feature's dependencies (`withDependencies:`);
  ///     every dependency not set here has its test value.
  ///   - fileID: The file a failure is reported in: the caller's, by default.
  ///   - filePath: The full path of that file.
  ///   - line: The line a failure is reported at.
  ///   - column: The column a failure is reported at.
  public init<R: Reducer<State, Action>>(
    initialState makeInitialState: @autoclosure () -> State,
    reducer: sending R,
    timeoutClock: any Clock<Duration> = ContinuousClock(),
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    installIssueReporter()
    let log = self.log
    let reduce = reducer.reduce(into:action:)
    let sharedChanges = self.sharedChanges
    let dependencyValues = TestDependencies(
      .forTestStore {
        prepareDependencies(&$0)
        $0.sharedChangeTracker = sharedChanges
      })
    self.dependencyValues = dependencyValues
    let initialState = dependencyValues.current.bind(makeInitialState)
    self.settings = Mutex(Settings(state: initialState))
    self.timeoutClock = timeoutClock
    self.executor = SerialTestExecutor.current ?? SerialTestExecutor()
    self.origin = (fileID, filePath, line, column)
    let reportWarning: RuntimeWarning.Reporter = { message, fileID, filePath, line, column in
      reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    self.store = Store(
      initialState: initialState,
      reduce: { state, action in
        // Reducers' runtime warnings (an ifLet action for nil state…) fail the running test.
        // The feature sees the test's dependencies, as they are when it reduces.
        dependencyValues.current.bind {
          RuntimeWarning.$reporter.withValue(reportWarning) {
            switch action {
            case .send(let action):
              let effect = reduce(&state, action)
              log.recordSent(state, sharedVersion: sharedChanges.version)
              return effect.map(TestAction.receive)
            case .receive(let action):
              let effect = reduce(&state, action)
              log.recordReceived(action, state, sharedVersion: sharedChanges.version)
              return effect.map(TestAction.receive)
            }
          }
        }
      },
      reportUnhandled: { message, fileID, line in
        reportIssue(message, fileID: fileID, filePath: fileID, line: line, column: 1)
      }
    )
  }

  /// Creates a test store running the reducer `build` returns:
  /// `TestStore(initialState: .init()) { Feature() }`, or `{ feature }` for one made beforehand.
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    timeoutClock: any Clock<Duration> = ContinuousClock(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @ReducerBuilder<State, Action> _ build: sending () -> R
  ) {
    self.init(
      initialState: initialState(), reducer: build(), timeoutClock: timeoutClock,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  deinit {
    if exhaustivity == .on { graceForEndingEffects() }
    // Effects still running are reported (or skipped) by `checkCompletion`, then cancelled with
    // the store, skipped ones included: nothing outlives the test.
    checkCompletion(
      fileID: origin.fileID, filePath: origin.filePath, line: origin.line, column: origin.column)
    checkSharedChanges(
      report: exhaustivity.skippedReport,
      fileID: origin.fileID, filePath: origin.filePath, line: origin.line, column: origin.column)
    store.cancelAllEffects()
  }

  /// Waits up to `limit` of real time, without suspending, for effects that are ending.
  ///
  /// A test that ends right after receiving an effect's last action releases the store while that
  /// effect's task is still returning (microseconds). `deinit` cannot await, so it polls briefly
  /// rather than report such an effect as still running.
  private func graceForEndingEffects(limit: Duration = .milliseconds(50)) {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: limit)
    while inFlightEffectCount > 0, clock.now < end {
      usleep(200)
    }
  }

  /// Whether the store's effects run on one `SerialTestExecutor` (on by default): TCA's
  /// `useMainSerialExecutor`, for Linux.
  ///
  /// While on, every effect an action starts, the tasks the package starts for it (a replay's
  /// reader, a client's timers) and the actions they send run one job at a time, in order, so a
  /// test's outcome never depends on the thread pool; ``send(_:assert:fileID:filePath:line:column:)``
  /// returns once the effects it started have run until they wait, and a `TestClock` advance
  /// returns once everything it woke has. Turn it off for a test that must see effects run in
  /// parallel; then sends and receives yield to the pool instead, as TCA does without it.
  public var useSerialExecutor: Bool {
    get { settings.withLock(\.useSerialExecutor) }
    set { settings.withLock { $0.useSerialExecutor = newValue } }
  }

  /// The executor effects started now prefer: the store's serial executor while
  /// ``useSerialExecutor`` is on, the caller's otherwise.
  var effectExecutor: (any TaskExecutor)? {
    useSerialExecutor ? executor : InheritedExecutor.preferred
  }

  /// Lets the effects run until they wait: drains the serial executor while
  /// ``useSerialExecutor`` is on, yields to the pool otherwise.
  func settle() async {
    if useSerialExecutor {
      await SerialTestExecutor.drain([executor])
    } else {
      await Task.yield()
    }
  }

  /// How strictly the store checks; ``Exhaustivity/on`` by default.
  public var exhaustivity: Exhaustivity {
    get { settings.withLock(\.exhaustivity) }
    set { settings.withLock { $0.exhaustivity = newValue } }
  }

  /// Runs `operation` with ``exhaustivity`` set to `exhaustivity`, then restores the previous
  /// setting: one non-exhaustive stretch inside an exhaustive test, as in TCA.
  ///
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.login)
  ///   await store.receive(.loggedIn) { $0.screen = .home }
  /// }
  /// ```
  public func withExhaustivity<Result>(
    _ exhaustivity: Exhaustivity,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    let previous = settings.withLock { settings in
      defer { settings.exhaustivity = exhaustivity }
      return settings.exhaustivity
    }
    defer { self.exhaustivity = previous }
    return try await operation()
  }

  /// How long `receive(_:timeout:assert:)` and
  /// ``finish(timeout:fileID:filePath:line:column:)-(Duration?,_,_,_,_)`` wait by default (1 second).
  public var timeout: Duration {
    get { settings.withLock(\.timeout) }
    set { settings.withLock { $0.timeout = newValue } }
  }

  /// The state as the test has asserted it: after the last action it sent, received or skipped.
  ///
  /// Inside the assertion closure of ``send(_:assert:fileID:filePath:line:column:)`` or
  /// `receive(_:timeout:assert:)` it is the state before that
  /// action; once the step returns, the state after it.
  ///
  /// - Important: Actions effects feed back change it only when the test receives or skips
  ///   them. With ``Exhaustivity/off`` nothing forces the test to, so `state` lags behind the
  ///   feature (as in The Composable Architecture): after `send(.start)` whose effect sends
  ///   `.loaded`, `state` does not show `.loaded` yet. Check the feature with
  ///   ``stateAfterReceivedActions``, or call
  ///   ``skipReceivedActions(strict:fileID:filePath:line:column:)`` first.
  public var state: State { settings.withLock(\.state) }

  /// The state after every action the reducer has handled so far, including the received actions
  /// the test has not asserted yet: what the feature shows right now.
  ///
  /// Equal to ``state`` once every received action was received or skipped. With
  /// ``Exhaustivity/off`` this, not ``state``, is the state to check after effects ran.
  public var stateAfterReceivedActions: State {
    let received = log.received
    return received.last?.state ?? state
  }

  /// The state right after each of ``receivedActions``, in the same order.
  public var receivedStates: [State] { log.received.map(\.state) }

  /// The number of effects still running that the store tracks (those skipped with
  /// ``skipInFlightEffects(strict:fileID:filePath:line:column:)`` run on, uncounted).
  public var inFlightEffectCount: Int {
    let skipped = settings.withLock(\.skippedEffects)
    return store.inFlightEffects.keys.count { !skipped.contains($0) }
  }

  /// Actions effects sent that the test has not received yet, oldest first.
  public var receivedActions: [Action] { log.received.map(\.action) }

  /// The running effects the store tracks, each with the action whose effect started it.
  var trackedEffects: [Action] {
    let skipped = settings.withLock(\.skippedEffects)
    return store.inFlightEffects.sorted { $0.key < $1.key }
      .filter { !skipped.contains($0.key) }.map(\.value.action)
  }

  /// Reports an issue about something the test did not check, as `exhaustivity` says: a failure,
  /// a known issue, or nothing (see ``Exhaustivity/off(showSkippedAssertions:)``).
  func reportSkipped(
    _ message: @autoclosure () -> String,
    as report: Exhaustivity.SkippedReport,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    switch report {
    case .failure:
      reportIssue(message(), fileID: fileID, filePath: filePath, line: line, column: column)
    case .knownIssue:
      reportKnownIssue(
        FailureMessage.skipped(message()),
        fileID: fileID, filePath: filePath, line: line, column: column)
    case .silent:
      break
    }
  }
}

/// An action as the test store's inner store sees it: sent by the test, or fed back by an effect.
///
/// Its debug description is the wrapped action's, so the runtime's messages ("An action was sent
/// from a completed effect") name the feature's action, as they do outside a test.
enum TestAction<Action: Sendable>: Sendable, CustomDebugStringConvertible {
  case send(Action)
  case receive(Action)

  var action: Action {
    switch self {
    case .send(let action), .receive(let action): action
    }
  }

  var debugDescription: String { debugCaseOutput(action) }
}
