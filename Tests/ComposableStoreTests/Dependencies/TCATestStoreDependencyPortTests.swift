// The tests of TCA's TestStoreTests, EffectTests and StoreTests that pin dependencies, and the
// DependencyKeyTests TCA had before swift-dependencies was split out (MIT licence, Point-Free,
// github.com/pointfreeco/swift-composable-architecture, Tests/ComposableArchitectureTests/),
// ported under their upstream names. `@Reducer` becomes a `Reducer` conformance; Foundation's
// `Date` is `Timestamp` (seconds since 1970, so `timeIntervalSinceReferenceDate` reads
// `timeIntervalSince1970`); `\.calendar`, `\.locale`, `\.timeZone` and `\.urlSession`, which
// this package has not, are its own `\.date`, `\.uuid`, `\.continuousClock` and
// `\.suspendingClock`, whose test values fail the test when used, so each is called here.
import ComposableSensorsTesting
import ComposableStore
import Testing

/// Upstream's `Void` action: this package's `TestStore` needs `Equatable` actions
/// (DifferencesFromTCA).
private enum Tap: Equatable { case tap }

private struct Client: TestDependencyKey {
  var fetch: @Sendable () -> Int
  static let testValue = Client {
    Issue.record("Unimplemented: @Dependency(\\.client.fetch)")
    return 0
  }
}

extension DependencyValues {
  fileprivate var client: Client {
    get { self[Client.self] }
    set { self[Client.self] = newValue }
  }
}

/// Reads (and calls) four dependencies whose test values fail the test.
private struct FeatureReadingFourDependencies: Reducer {
  @Dependency(\.date) var date
  @Dependency(\.uuid) var uuid
  @Dependency(\.continuousClock) var continuousClock
  @Dependency(\.suspendingClock) var suspendingClock
  var body: some Reducer<Int, Bool> {
    Reduce { state, action in
      _ = self.date.now
      _ = self.uuid()
      _ = self.continuousClock.now
      _ = self.suspendingClock.now
      state += action ? 1 : -1
      return .none
    }
  }
}

private struct FeatureTestOverrideDependenciesOnTestStoreMidwayChange: Reducer {
  @Dependency(\.date.now) var now
  var body: some Reducer<Int, Tap> {
    Reduce { state, _ in
      state = Int(self.now.timeIntervalSince1970)
      return .none
    }
  }
}

private struct FeatureTestOverrideDependenciesOnTestStoreInit: Reducer {
  @Dependency(\.date) var date
  @Dependency(\.client.fetch) var fetch
  @Dependency(\.uuid) var uuid
  @Dependency(\.continuousClock) var continuousClock
  @Dependency(\.suspendingClock) var suspendingClock
  var body: some Reducer<Int, Bool> {
    Reduce { state, action in
      _ = self.date.now
      _ = self.fetch()
      _ = self.uuid()
      _ = self.continuousClock.now
      _ = self.suspendingClock.now
      state += action ? 1 : -1
      return .none
    }
  }
}

private struct FeatureTestDependenciesEarlyBinding: Reducer {
  struct State: Equatable {
    var count = 0
    var date: Timestamp
    init() {
      @Dependency(\.date.now) var now: Timestamp
      self.date = now
    }
  }
  enum Action: Equatable {
    case tap
    case response(Int)
  }
  @Dependency(\.date.now) var now: Timestamp
  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .tap:
        state.count += 1
        return .run { send in await send(.response(42)) }
      case .response(let number):
        state.count = number
        state.date = now
        return .none
      }
    }
  }
}

/// EffectTests' two features were one `.task` and one `.run` effect; both are `.run` upstream now.
private struct FeatureTestDependenciesTransferredToEffects: Reducer {
  enum Action: Equatable {
    case tap
    case response(Int)
  }
  @Dependency(\.date) var date
  var body: some Reducer<Int, Action> {
    Reduce { state, action in
      switch action {
      case .tap:
        return .run { send in
          await send(.response(Int(self.date.now.timeIntervalSince1970)))
        }
      case .response(let value):
        state = value
        return .none
      }
    }
  }
}

@Suite struct TCATestStoreDependencyPortTests {
  // TestStoreTests

  @Test func testOverrideDependenciesDirectlyOnReducer() async {
    let store = TestStore(initialState: 0) {
      FeatureReadingFourDependencies()
        .dependency(\.date, .constant(Timestamp(timeIntervalSince1970: 0)))
        .dependency(\.uuid, .incrementing)
        .dependency(\.continuousClock, TestClock())
        .dependency(\.suspendingClock, TestClock())
    }

    await store.send(true) { $0 = 1 }
  }

  @Test func testOverrideDependenciesOnTestStore() async {
    let store = TestStore(initialState: 0) {
      FeatureReadingFourDependencies()
    }
    store.dependencies.date = .constant(Timestamp(timeIntervalSince1970: 0))
    store.dependencies.uuid = .incrementing
    store.dependencies.continuousClock = TestClock()
    store.dependencies.suspendingClock = TestClock()

    await store.send(true) { $0 = 1 }
  }

  @Test func testOverrideDependenciesOnTestStore_MidwayChange() async {
    let store = TestStore(initialState: 0) {
      FeatureTestOverrideDependenciesOnTestStoreMidwayChange()
    } withDependencies: {
      $0.date.now = Timestamp(timeIntervalSince1970: 1_234_567_890)
    }

    await store.send(.tap) { $0 = 1_234_567_890 }

    store.dependencies.date.now = Timestamp(timeIntervalSince1970: 987_654_321)

    await store.send(.tap) { $0 = 987_654_321 }
  }

  @Test func testOverrideDependenciesOnTestStore_Init() async {
    let store = TestStore(initialState: 0) {
      FeatureTestOverrideDependenciesOnTestStoreInit()
    } withDependencies: {
      $0.date = .constant(Timestamp(timeIntervalSince1970: 0))
      $0.client.fetch = { 1 }
      $0.uuid = .incrementing
      $0.continuousClock = TestClock()
      $0.suspendingClock = TestClock()
    }

    await store.send(true) { $0 = 1 }
  }

  @Test func testDependenciesEarlyBinding() async {
    let store = TestStore(initialState: FeatureTestDependenciesEarlyBinding.State()) {
      FeatureTestDependenciesEarlyBinding()
    } withDependencies: {
      $0.date = .constant(Timestamp(timeIntervalSince1970: 1_234_567_890))
    }

    await store.send(.tap) {
      @Dependency(\.date.now) var now: Timestamp
      $0.count = 1
      $0.date = now
    }
    await store.receive(.response(42)) {
      @Dependency(\.date.now) var now: Timestamp
      $0.count = 42
      $0.date = now
    }
  }

  @Test func testPrepareDependenciesCalledOnce() {
    var count = 0
    let store = TestStore(initialState: 0) {
      EmptyReducer<Int, Tap>()
    } withDependencies: { _ in
      count += 1
    }

    #expect(count == 1)
    _ = store
  }

  // EffectTests

  @Test func testDependenciesTransferredToEffects_Task() async {
    let store = TestStore(initialState: 0) {
      FeatureTestDependenciesTransferredToEffects()
        .dependency(\.date, .constant(Timestamp(timeIntervalSince1970: 1_234_567_890)))
    }

    await store.send(.tap).finish(timeout: .seconds(1))
    await store.receive(.response(1_234_567_890)) {
      $0 = 1_234_567_890
    }
  }

  @Test func testDependenciesTransferredToEffects_Run() async {
    let store = TestStore(initialState: 0) {
      FeatureTestDependenciesTransferredToEffects()
        .dependency(\.date, .constant(Timestamp(timeIntervalSince1970: 1_234_567_890)))
    }

    await store.send(.tap).finish(timeout: .seconds(1))
    await store.receive(.response(1_234_567_890)) {
      $0 = 1_234_567_890
    }
  }

  // StoreTests: a `Store` (no test store) in a test process, whose dependencies are test values.

  @Test func testOverrideDependenciesDirectlyOnReducer_Store() async {
    let store = Store(initialState: 0) {
      FeatureReadingFourDependencies()
        .dependency(\.date, .constant(Timestamp(timeIntervalSince1970: 0)))
        .dependency(\.uuid, .incrementing)
        .dependency(\.continuousClock, TestClock())
        .dependency(\.suspendingClock, TestClock())
    }

    await store.send(true).finish()
    #expect(store.state == 1)
  }

  // DependencyKeyTests (TCA, before swift-dependencies): the cascade of default values.

  @Test func testTestDependencyKeyDefaultPreviewValue() {
    enum Key: TestDependencyKey {
      typealias Value = Int
      static let testValue = 42
    }

    #expect(42 == Key.previewValue)
  }

  /// Since swift-dependencies 0.1.1 (TCA #1399) reading the test value of a key with only a live
  /// value reports an issue, then gives the live (preview) value.
  @Test func testDependencyKeyDefaultValues() {
    enum Key: DependencyKey {
      typealias Value = Int
      static let liveValue = 42
    }

    installIssueReporter()
    #expect(42 == Key.previewValue)
    withKnownIssue {
      #expect(42 == Key.testValue)
    } matching: {
      $0.comments.contains { $0.rawValue.contains("A dependency has no test implementation") }
    }
  }

  @Test func testDependencyKeyDefaultPreviewValue() {
    enum Key: DependencyKey {
      typealias Value = Int
      static let liveValue = 42
      static let testValue = 1729
    }

    #expect(42 == Key.previewValue)
  }
}
