// TCA's TestStoreNonExhaustiveTests from `testSend_SkipReceivedActions_BadAssertion` to
// `testCasePathReceive_ReceivedExtraAction` (MIT licence, Point-Free,
// github.com/pointfreeco/swift-composable-architecture,
// Tests/ComposableArchitectureTests/TestStoreNonExhaustiveTests.swift at tag 1.3.0), under their
// upstream names, with CasePaths' `/Action.case` as TCA 1.0–1.3 tests write it. Not here: the
// two `_NonEquatable` tests (a test store's action must be `Equatable`), the two `XCTModify`
// tests (no `XCTModify`: an optional chain does its work) and the `XCTTODO` one (upstream's
// known failure). `DispatchQueue.test` and `Task.sleep` are a TestClock. Failure texts are this
// package's (see DifferencesFromTCA), matched by their headline.
import ComposableSensorsTesting
import ComposableStore
import Testing

private struct NonExhaustiveReceive: Reducer {
  struct State: Equatable {
    var count = 0
    var int = 0
    var string = ""
  }
  enum Action: Equatable {
    case onAppear
    case response1(Int)
    case response2(String)
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .onAppear:
      state = State()
      return .merge(
        .send(.response1(42)),
        .send(.response2("Hello"))
      )
    case .response1(let int):
      state.count += 1
      state.int = int
      return .none
    case .response2(let string):
      state.count += 1
      state.string = string
      return .none
    }
  }
}

/// Upstream's `Counter`.
private struct EvenCounter: Reducer {
  struct State: Equatable {
    var count = 0
    var isEven = true
  }
  enum Action: Equatable { case increment }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    state.isEven.toggle()
    return .none
  }
}

@Suite struct TCATestStoreNonExhaustiveReceivePortTests {
  // Confirms that if you receive an action in a non-exhaustive test store with a bad assertion
  // you will still get a failure.
  @Test func testSend_SkipReceivedActions_BadAssertion() async {
    struct Feature: Reducer {
      struct State: Equatable {
        var count = 0
        var isLoggedIn = false
      }
      enum Action: Equatable {
        case increment
        case loggedInResponse(Bool)
      }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .increment:
          state.count += 1
          return .send(.loggedInResponse(true))
        case .loggedInResponse(let response):
          state.isLoggedIn = response
          return .none
        }
      }
    }
    let store = TestStore(initialState: Feature.State()) { Feature() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.increment) {
      $0.count = 1
    }
    await withKnownIssue {
      await store.receive(.loggedInResponse(true)) {
        $0.count = 2
        $0.isLoggedIn = true
      }
    } matching: { issue in
      text(of: issue).hasPrefix("A state change does not match expectation")
        && text(of: issue).contains("−   count: 2,") && text(of: issue).contains("+   count: 1,")
    }
  }

  // Confirms that with non-exhaustive test stores you can send multiple actions without asserting
  // on any state changes until the very last action.
  @Test func testMultipleSendsWithAssertionOnLast() async {
    let store = TestStore(initialState: EvenCounter.State()) { EvenCounter() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.increment)
    #expect(store.state == EvenCounter.State(count: 1, isEven: false))
    await store.send(.increment)
    #expect(store.state == EvenCounter.State(count: 2, isEven: true))
    await store.send(.increment) {
      $0.count = 3
    }
    #expect(store.state == EvenCounter.State(count: 3, isEven: false))
  }

  // Confirms that you don't have to assert on all state changes when receiving an action from an
  // effect in a non-exhaustive test store.
  @Test func testReceive_StateChange() async {
    let store = TestStore(initialState: NonExhaustiveReceive.State()) { NonExhaustiveReceive() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.onAppear)
    #expect(store.state == NonExhaustiveReceive.State(count: 0, int: 0, string: ""))
    await store.receive(.response1(42)) {
      // Ignored state change: count = 1
      $0.int = 42
    }
    #expect(store.state == NonExhaustiveReceive.State(count: 1, int: 42, string: ""))
    await store.receive(.response2("Hello")) {
      // Ignored state change: count = 2
      $0.string = "Hello"
    }
    #expect(store.state == NonExhaustiveReceive.State(count: 2, int: 42, string: "Hello"))
  }

  // Confirms that you can skip receiving certain effect actions in a non-exhaustive test store.
  @Test func testReceive_SkipAction() async {
    let store = TestStore(initialState: NonExhaustiveReceive.State()) { NonExhaustiveReceive() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.onAppear)
    #expect(store.state == NonExhaustiveReceive.State(count: 0, int: 0, string: ""))
    // Ignored received action: .response1(42)
    await store.receive(.response2("Hello")) {
      $0.count = 2
      $0.string = "Hello"
    }
    #expect(store.state == NonExhaustiveReceive.State(count: 2, int: 42, string: "Hello"))
  }

  // Confirms that you are allowed to send actions without having received all actions queued
  // from effects.
  @Test func testSendWithUnreceivedAction() async {
    let store = TestStore(initialState: NonExhaustiveReceive.State()) { NonExhaustiveReceive() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.onAppear)
    // Ignored received action: .response1(42)
    // Ignored received action: .response2("Hello")
    await store.send(.onAppear)
    // Ignored received action: .response1(42)
    // Ignored received action: .response2("Hello")
  }

  // Confirms that when you send an action the test store skips any unreceived actions
  // automatically.
  @Test func testSendWithUnreceivedActions_SkipsActions() async {
    struct Feature: Reducer {
      enum Action: Equatable {
        case tap
        case response(Int)
      }
      func reduce(into state: inout Int, action: Action) -> Effect<Action> {
        switch action {
        case .tap:
          state += 1
          return .run { [state] send in await send(.response(state + 42)) }
        case .response(let number):
          state = number
          return .none
        }
      }
    }
    let store = TestStore(initialState: 0) { Feature() }
    store.exhaustivity = .off
    await store.send(.tap)
    #expect(store.state == 1)
    // Ignored received action: .response(43)
    await store.send(.tap)
    #expect(store.state == 44)
    await store.skipReceivedActions()
    #expect(store.state == 86)
  }

  @Test func testPartialExhaustivityPrefix() async {
    let clock = TestClock()
    enum Action: Equatable {
      case buttonTapped
      case response(Int)
    }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .buttonTapped:
          state += 1
          return .run { send in
            await send(.response(42))
            try await clock.sleep(for: .seconds(1))
            await send(.response(1729))
          }
        case .response(let number):
          state = number
          return .none
        }
      }
    }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.buttonTapped)
    // Ignored state mutation: state = 1
    // Ignored received action: .response(42)
    await clock.advance(by: .milliseconds(500))
    await store.send(.buttonTapped) {
      $0 = 43
    }
    await clock.advance(by: .milliseconds(500))
    await store.skipInFlightEffects()
    await store.skipReceivedActions()
    // Ignored received action: .response(42)
    // Ignored received action: .response(1729)
    // Ignore in-flight effect
  }

  @Test func testCasePathReceive_PartialExhaustive() async {
    let store = TestStore(initialState: NonExhaustiveReceive.State()) { NonExhaustiveReceive() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.onAppear)
    await store.receive(/NonExhaustiveReceive.Action.response1) {
      $0.int = 42
    }
    await store.receive(/NonExhaustiveReceive.Action.response2) {
      $0.string = "Hello"
    }
  }

  @Test func testCasePathReceive_NonExhaustive() async {
    let store = TestStore(initialState: NonExhaustiveReceive.State()) { NonExhaustiveReceive() }
    store.exhaustivity = .off
    await store.send(.onAppear)
    await store.receive(/NonExhaustiveReceive.Action.response1) {
      $0.int = 42
    }
    await store.receive(/NonExhaustiveReceive.Action.response2) {
      $0.string = "Hello"
    }
  }

  @Test func testCasePathReceive_Exhaustive() async {
    let store = TestStore(initialState: NonExhaustiveReceive.State()) { NonExhaustiveReceive() }
    await store.send(.onAppear)
    await store.receive(/NonExhaustiveReceive.Action.response1) {
      $0.count = 1
      $0.int = 42
    }
    await store.receive(/NonExhaustiveReceive.Action.response2) {
      $0.count = 2
      $0.string = "Hello"
    }
  }

  /// Upstream's `testPredicateReceive_Exhaustive_NonEquatable` matches with CasePaths' `~=`; the
  /// payload here is `Equatable`, as a test store's action must be.
  @Test func testPredicateReceive_Exhaustive() async {
    enum Action: Equatable {
      case tap
      case response(Int)
    }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .tap:
          return .send(.response(1))
        case .response:
          return .none
        }
      }
    }
    await store.send(.tap)
    await store.receive(where: { (/Action.response) ~= $0 })
  }

  @Test func testCasePathReceive_SkipReceivedAction() async {
    let store = TestStore(initialState: NonExhaustiveReceive.State()) { NonExhaustiveReceive() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.onAppear)
    await store.receive(/NonExhaustiveReceive.Action.response2) {
      $0.string = "Hello"
    }
  }

  @Test func testCasePathReceive_WrongAction() async {
    let store = TestStore(initialState: NonExhaustiveReceive.State()) { NonExhaustiveReceive() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.onAppear)
    await withKnownIssue {
      await store.receive(/NonExhaustiveReceive.Action.onAppear, timeout: .milliseconds(20))
    } matching: { issue in
      text(of: issue).hasPrefix("Expected to receive ")
    }
    await store.receive(/NonExhaustiveReceive.Action.response1)
    await store.receive(/NonExhaustiveReceive.Action.response2)
  }

  @Test func testCasePathReceive_ReceivedExtraAction() async {
    let store = TestStore(initialState: NonExhaustiveReceive.State()) { NonExhaustiveReceive() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.onAppear)
    await store.receive(/NonExhaustiveReceive.Action.response2)
    await withKnownIssue {
      await store.receive(/NonExhaustiveReceive.Action.response2, timeout: .milliseconds(20))
    } matching: { issue in
      text(of: issue).hasPrefix("Expected to receive ")
    }
  }
}
