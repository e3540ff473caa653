// TCA's TestStoreTests that need neither Combine, Foundation's calendar/locale/time zone/URL
// session dependencies nor the main serial executor (MIT licence, Point-Free,
// github.com/pointfreeco/swift-composable-architecture,
// Tests/ComposableArchitectureTests/TestStoreTests.swift at tag 1.3.0), under their upstream
// names. `DispatchQueue.test` is a TestClock, `Date` a `Timestamp`, `XCTExpectFailure()` a
// `withKnownIssue`, and an `XCTestExpectation` a flag.
import ComposableSensorsTesting
import ComposableStore
import Testing

@Suite struct TCATestStorePortTests {
  @Test func testEffectConcatenation() async {
    struct State: Equatable {}
    enum Action: Equatable {
      case a, b1, b2, b3, c1, c2, c3, d
    }
    let clock = TestClock()
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { _, action in
        switch action {
        case .a:
          return .merge(
            .run { send in
              try await clock.sleep(for: .seconds(1))
              await send(.b1)
              await send(.c1)
            },
            .run { _ in try await Task.never() }
              .cancellable(id: 1)
          )
        case .b1:
          return .concatenate(.send(.b2), .send(.b3))
        case .c1:
          return .concatenate(.send(.c2), .send(.c3))
        case .b2, .b3, .c2, .c3:
          return .none
        case .d:
          return .cancel(id: 1)
        }
      }
    }
    await store.send(.a)
    await clock.advance(by: .seconds(1))
    await store.receive(.b1)
    await store.receive(.b2)
    await store.receive(.b3)
    await store.receive(.c1)
    await store.receive(.c2)
    await store.receive(.c3)
    await store.send(.d)
  }

  @Test func testAsync() async {
    enum Action: Equatable {
      case tap
      case response(Int)
    }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .tap:
          return .run { send in await send(.response(42)) }
        case .response(let number):
          state = number
          return .none
        }
      }
    }
    await store.send(.tap)
    await store.receive(.response(42)) {
      $0 = 42
    }
  }

  @Test func testExpectedStateEquality() async {
    struct State: Equatable {
      var count: Int = 0
      var isChanging: Bool = false
    }
    enum Action: Equatable {
      case increment
      case changed(from: Int, to: Int)
    }
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .increment:
          state.isChanging = true
          return .send(.changed(from: state.count, to: state.count + 1))
        case .changed(let from, let to):
          state.isChanging = false
          if state.count == from {
            state.count = to
          }
          return .none
        }
      }
    }
    await store.send(.increment) {
      $0.isChanging = true
    }
    await store.receive(.changed(from: 0, to: 1)) {
      $0.isChanging = false
      $0.count = 1
    }
    await withKnownIssue {
      await store.send(.increment) {
        $0.isChanging = false
      }
    }
    await withKnownIssue {
      await store.receive(.changed(from: 1, to: 2)) {
        $0.isChanging = true
        $0.count = 1100
      }
    }
  }

  @Test func testExpectedStateEqualityMustModify() async {
    struct State: Equatable {
      var count: Int = 0
    }
    enum Action: Equatable {
      case noop, finished
    }
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .noop:
          return .send(.finished)
        case .finished:
          return .none
        }
      }
    }
    await store.send(.noop)
    await store.receive(.finished)
    await withKnownIssue {
      await store.send(.noop) {
        $0.count = 0
      }
    }
    await withKnownIssue {
      await store.receive(.finished) {
        $0.count = 0
      }
    }
  }

  @Test func testReceiveActionMatchingPredicate() async {
    enum Action: Equatable {
      case noop, finished
    }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .noop:
          return .send(.finished)
        case .finished:
          return .none
        }
      }
    }
    var predicateCalled = false
    await store.send(.noop)
    await store.receive { action in
      predicateCalled = true
      return action == .finished
    }
    #expect(predicateCalled)
    await store.send(.noop)
    await withKnownIssue {
      await store.receive(.noop, timeout: .milliseconds(20))
    }
    await store.send(.noop)
    await withKnownIssue {
      await store.receive(where: { $0 == .noop }, timeout: .milliseconds(20))
    }
  }

  @Test func testStateAccess() async {
    enum Action { case a, b, c, d }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { count, action in
        switch action {
        case .a:
          count += 1
          return .merge(.send(.b), .send(.c), .send(.d))
        case .b, .c, .d:
          count += 1
          return .none
        }
      }
    }
    await store.send(.a) {
      $0 = 1
      #expect(store.state == 0)
    }
    #expect(store.state == 1)
    await store.receive(.b) {
      $0 = 2
      #expect(store.state == 1)
    }
    #expect(store.state == 2)
    await store.receive(.c) {
      $0 = 3
      #expect(store.state == 2)
    }
    #expect(store.state == 3)
    await store.receive(.d) {
      $0 = 4
      #expect(store.state == 3)
    }
    #expect(store.state == 4)
  }

  /// Upstream's action is `Void`; a test store's action must be `Equatable`, so it is a `Bool`.
  @Test func testOverrideDependenciesOnTestStore_MidwayChange() async {
    struct Counter: Reducer {
      @Dependency(\.date.now) var now
      func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
        state = Int(self.now.timeIntervalSince1970)
        return .none
      }
    }
    let store = TestStore(initialState: 0) {
      Counter()
    } withDependencies: {
      $0.date.now = Timestamp(timeIntervalSince1970: 1_234_567_890)
    }
    await store.send(true) { $0 = 1_234_567_890 }
    store.dependencies.date.now = Timestamp(timeIntervalSince1970: 987_654_321)
    await store.send(true) { $0 = 987_654_321 }
  }

  @Test func testDependenciesEarlyBinding() async {
    struct Feature: Reducer {
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
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
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
    let store = TestStore(initialState: Feature.State()) {
      Feature()
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

  /// Upstream's action is `Void`; a test store's must be `Equatable`.
  @Test func testPrepareDependenciesCalledOnce() {
    let count = LockIsolated(0)
    let store = TestStore(initialState: 0) {
      EmptyReducer<Int, Bool>()
    } withDependencies: { _ in
      count.withValue { $0 += 1 }
    }
    #expect(count.value == 1)
    _ = store
  }

  @Test func testEffectEmitAfterSkipInFlightEffects() async {
    let clock = TestClock()
    enum Action: Equatable { case tap, response }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .tap:
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.response)
          }
        case .response:
          state = 42
          return .none
        }
      }
    }
    await store.send(.tap)
    await store.skipInFlightEffects()
    await clock.advance(by: .seconds(1))
    await store.receive(.response) {
      $0 = 42
    }
  }

  @Test func testAssert_NonExhaustiveTestStore() async {
    let store = TestStore(initialState: 0) {
      EmptyReducer<Int, Bool>()
    }
    store.exhaustivity = .off
    store.assert {
      $0 = 0
    }
  }

  @Test func testAssert_NonExhaustiveTestStore_Failure() async {
    let store = TestStore(initialState: 0) {
      EmptyReducer<Int, Bool>()
    }
    store.exhaustivity = .off
    withKnownIssue {
      store.assert {
        $0 = 1
      }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined(separator: "\n")
      return text.hasPrefix("A state change does not match expectation")
        && text.contains("− 1") && text.contains("+ 0")
    }
  }
}
