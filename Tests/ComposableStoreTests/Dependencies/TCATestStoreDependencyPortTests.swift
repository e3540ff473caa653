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
