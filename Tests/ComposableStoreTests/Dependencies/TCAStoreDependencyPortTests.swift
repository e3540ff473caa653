// TCA's StoreTests that pin dependencies (MIT licence, Point-Free,
// github.com/pointfreeco/swift-composable-architecture,
// Tests/ComposableArchitectureTests/StoreTests.swift), ported under their upstream names:
// `@Reducer` becomes a `Reducer` conformance, `ViewStore` and `withState` reads become
// `store.state`, Foundation's `Date` and `UUID` become `Timestamp` and `UniqueID`
// (DifferencesFromTCA), and a real-time sleep becomes `Task.yield`s while the test clock waits
// for its sleepers.
import ComposableSensorsTesting
import ComposableStore
import Testing

private struct Count: TestDependencyKey {
  var value: Int
  static let liveValue = Count(value: 0)
  static let testValue = Count(value: 0)
}

extension DependencyValues {
  fileprivate var count: Count {
    get { self[Count.self] }
    set { self[Count.self] = newValue }
  }
}

private struct FeatureOverrideDependenciesDirectlyOnStore: Reducer {
  @Dependency(\.uuid) var uuid
  var body: some Reducer<UniqueID, Void> {
    Reduce { state, _ in
      state = self.uuid()
      return .none
    }
  }
}

private struct FeatureStoreVsTestStore: Reducer {
  struct State: Equatable {
    var count = 0
  }
  enum Action: Equatable {
    case tap
    case response1(Int)
    case response2(Int)
    case response3(Int)
  }
  @Dependency(\.count) var count
  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .tap:
        return withDependencies {
          $0.count.value += 1
        } operation: {
          .run { send in await send(.response1(self.count.value)) }
        }
      case .response1(let count):
        state.count = count
        return withDependencies {
          $0.count.value += 1
        } operation: {
          .run { send in await send(.response2(self.count.value)) }
        }
      case .response2(let count):
        state.count = count
        return withDependencies {
          $0.count.value += 1
        } operation: {
          .run { send in await send(.response3(self.count.value)) }
        }
      case .response3(let count):
        state.count = count
        return .none
      }
    }
  }
}

private struct RootStoreCancellationIsolation: Reducer {
  struct State: Equatable {
    var count = 0
  }
  enum Action: Equatable {
    case cancelButtonTapped
    case response(Int)
    case tap
  }
  @Dependency(\.continuousClock) var clock
  enum CancelID { case effect }
  var body: some ReducerOf<Self> {
    Reduce<State, Action> { state, action in
      switch action {
      case .cancelButtonTapped:
        return .cancel(id: CancelID.effect)
      case .response(let value):
        state.count = value
        return .none
      case .tap:
        return .run { send in
          try await clock.sleep(for: .seconds(0))
          await send(.response(42))
        }
        .cancellable(id: CancelID.effect)
      }
    }
  }
}

@Suite struct TCAStoreDependencyPortTests {
  @Test func testOverrideDependenciesDirectlyOnStore() throws {
    let deadbeef = try #require(UniqueID(uuidString: "deadbeef-dead-beef-dead-beefdeadbeef"))
    @Dependency(\.uuid) var uuid
    let store = Store(initialState: uuid()) {
      FeatureOverrideDependenciesDirectlyOnStore()
    } withDependencies: {
      $0.uuid = .constant(deadbeef)
    }

    #expect(store.state == deadbeef)
  }

  @Test func testStoreVsTestStore() async {
    let testStore = TestStore(initialState: FeatureStoreVsTestStore.State()) {
      FeatureStoreVsTestStore()
    }
    await testStore.send(.tap)
    await testStore.receive(.response1(1)) {
      $0.count = 1
    }
    await testStore.receive(.response2(1))
    await testStore.receive(.response3(1))

    let store = Store(initialState: FeatureStoreVsTestStore.State()) {
      FeatureStoreVsTestStore()
    }
    await store.send(.tap).finish()
    #expect(store.withState(\.count) == testStore.state.count)
  }

  @Test func testInit_InitialState_WithDependencies() {
    struct Feature: Reducer {
      struct State: Equatable {
        var date: Timestamp
        init() {
          @Dependency(\.date) var date
          self.date = date()
        }
      }
      enum Action: Equatable {}
      var body: some Reducer<State, Action> {
        EmptyReducer()
      }
    }

    let store = Store(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.date = .constant(Timestamp(timeIntervalSince1970: 1_234_567_890))
    }

    #expect(store.withState(\.date) == Timestamp(timeIntervalSince1970: 1_234_567_890))
  }

  @Test func testInit_ReducerBuilder_WithDependencies() {
    struct Feature: Reducer {
      let date: Timestamp
      struct State: Equatable { var date: Timestamp? }
      enum Action: Equatable { case tap }
      var body: some Reducer<State, Action> {
        Reduce { state, _ in
          state.date = self.date
          return .none
        }
      }
    }

    @Dependency(\.date) var date
    let store = Store(initialState: Feature.State()) {
      Feature(date: date())
    } withDependencies: {
      $0.date = .constant(Timestamp(timeIntervalSince1970: 1_234_567_890))
    }

    store.send(.tap)
    #expect(store.withState(\.date) == Timestamp(timeIntervalSince1970: 1_234_567_890))
  }

  @Test func testSurroundingDependencies() {
    let store = withDependencies {
      $0.uuid = .incrementing
    } operation: {
      Store<UniqueID, Void>(initialState: UniqueID.random()) {
        Reduce { state, _ in
          @Dependency(\.uuid) var uuid
          state = uuid()
          return .none
        }
      }
    }

    store.send(())
    #expect(store.withState { $0 } == UniqueID(0))
    store.send(())
    #expect(store.withState { $0 } == UniqueID(1))
  }

  @Test func testRootStoreCancellationIsolation() async throws {
    let clock = TestClock()
    let store1 = Store(initialState: RootStoreCancellationIsolation.State()) {
      RootStoreCancellationIsolation()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let store2 = Store(initialState: RootStoreCancellationIsolation.State()) {
      RootStoreCancellationIsolation()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task1 = store1.send(.tap)
    let task2 = store2.send(.tap)
    #expect(await clock.waitForSleepers(2))
    store2.send(.cancelButtonTapped)
    await clock.advance()
    await task1.finish()
    await task2.finish()
    #expect(store1.state.count == 42)
    #expect(store2.state.count == 0)
  }

  @Test func testRootStoreCancellationIsolation_TestStore() async throws {
    let clock = TestClock()
    let store1 = TestStore(initialState: RootStoreCancellationIsolation.State()) {
      RootStoreCancellationIsolation()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let store2 = TestStore(initialState: RootStoreCancellationIsolation.State()) {
      RootStoreCancellationIsolation()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store1.send(.tap)
    await store2.send(.tap)
    await store2.send(.cancelButtonTapped)
    await clock.advance()
    await store1.receive(RootStoreCancellationIsolation.Action.response) {
      $0.count = 42
    }
  }
}
