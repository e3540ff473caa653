// The first seventeen of TCA's TestStoreNonExhaustiveTests (MIT licence, Point-Free,
// github.com/pointfreeco/swift-composable-architecture,
// Tests/ComposableArchitectureTests/TestStoreNonExhaustiveTests.swift at tag 1.3.0), under their
// upstream names: skipping received actions and in-flight effects, strictly or not, exhaustive,
// `.off` and `.off(showSkippedAssertions: true)`; ending a test with actions or effects left;
// partial assertions. Upstream's `Counter` is `EvenCounter`; `XCTExpectFailure` is `withKnownIssue`; an effect upstream keeps running
// with a one-second `Task.sleep` runs until cancelled here (`Task.never()`), so no test waits.
// Skipped assertions are Swift Testing known issues, which do not fail a test, as TCA's
// `XCTExpectFailure`-wrapped reports do not.
import ComposableSensorsTesting
import ComposableStore
import Testing

private struct EvenCounter: Reducer {
  struct State: Equatable {
    var count = 0
    var isEven = true
  }
  enum Action: Equatable {
    case increment
    case decrement
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      state.isEven.toggle()
      return .none
    case .decrement:
      state.count -= 1
      state.isEven.toggle()
      return .none
    }
  }
}

/// Upstream's reducer that answers `true` with `false`, counting both.
private func echo() -> Reduce<Int, Bool> {
  Reduce<Int, Bool> { state, action in
    if action {
      state += 1
      return .send(false)
    } else {
      state += 1
      return .none
    }
  }
}

/// Upstream's reducer whose every action starts an effect that outlives the test.
private func longLiving() -> Reduce<Int, Bool> {
  Reduce<Int, Bool> { _, action in
    .run { _ in try await Task.never() }
  }
}

@Suite struct TCATestStoreNonExhaustivePortTests {
  @Test func testSkipReceivedActions_NonStrict() async {
    let store = TestStore(initialState: 0) { echo() }
    await store.send(true) { $0 = 1 }
    #expect(store.state == 1)
    await store.skipReceivedActions(strict: false)
    #expect(store.state == 2)
  }

  @Test func testSkipReceivedActions_Strict() async {
    let store = TestStore(initialState: 0) { echo() }
    await store.send(true) { $0 = 1 }
    #expect(store.state == 1)
    await store.receive(false) { $0 = 2 }
    #expect(store.state == 2)
    await withKnownIssue {
      await store.skipReceivedActions(strict: true)
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["There were no received actions to skip."]
    }
  }

  @Test func testSkipReceivedActions_NonExhaustive() async {
    let store = TestStore(initialState: 0) { echo() }
    store.exhaustivity = .off
    await store.send(true) { $0 = 1 }
    #expect(store.state == 1)
    await store.skipReceivedActions(strict: false)
    #expect(store.state == 2)
  }

  @Test func testSkipReceivedActions_PartialExhaustive() async {
    let store = TestStore(initialState: 0) { echo() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(true) { $0 = 1 }
    #expect(store.state == 1)
    await store.skipReceivedActions(strict: false)
    #expect(store.state == 2)
  }

  @Test func testCancelInFlightEffects_NonStrict() async {
    let store = TestStore(initialState: 0) { longLiving() }
    await store.send(true)
    await store.skipInFlightEffects(strict: false)
  }

  @Test func testCancelInFlightEffects_Strict() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Bool> { _, action in
        .run { _ in }
      }
    }
    let task = await store.send(true)
    await task.finish(timeout: 1_000_000_000 / 2)
    await withKnownIssue {
      await store.skipInFlightEffects(strict: true)
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["There were no in-flight effects to skip."]
    }
  }

  @Test func testCancelInFlightEffects_NonExhaustive() async {
    let store = TestStore(initialState: 0) { longLiving() }
    store.exhaustivity = .off
    await store.send(true)
    await store.skipInFlightEffects(strict: false)
  }

  @Test func testCancelInFlightEffects_PartialExhaustive() async {
    let store = TestStore(initialState: 0) { longLiving() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(true)
    await store.skipInFlightEffects(strict: false)
  }

  // Confirms that you don't have to receive all actions before the test completes.
  @Test func testIgnoreReceiveActions_PartialExhaustive() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Bool> { _, action in
        action ? .send(false) : .none
      }
    }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(true)
  }

  // Confirms that you don't have to receive all actions before the test completes.
  @Test func testIgnoreReceiveActions_NonExhaustive() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Bool> { _, action in
        action ? .send(false) : .none
      }
    }
    store.exhaustivity = .off
    await store.send(true)
  }

  // Confirms that all effects do not need to complete before the test completes.
  @Test func testIgnoreInFlightEffects_PartialExhaustive() async {
    let store = TestStore(initialState: 0) { longLiving() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(true)
  }

  // Confirms that all effects do not need to complete before the test completes.
  @Test func testIgnoreInFlightEffects_NonExhaustive() async {
    let store = TestStore(initialState: 0) { longLiving() }
    store.exhaustivity = .off
    await store.send(true)
  }

  // Confirms that you don't have to assert on all state changes in a non-exhaustive test store.
  @Test func testNonExhaustiveSend_PartialExhaustive() async {
    let store = TestStore(initialState: EvenCounter.State()) { EvenCounter() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.increment) {
      $0.count = 1
      // Ignoring state change: isEven = false
    }
    await store.send(.increment) {
      $0.isEven = true
      // Ignoring state change: count = 2
    }
    await store.send(.increment) {
      $0.count = 3
      $0.isEven = false
    }
  }

  @Test func testNonExhaustiveSend_PartialExhaustive_Prefix() async {
    let store = TestStore(initialState: EvenCounter.State()) { EvenCounter() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.increment) {
      $0.count = 1
      // Ignoring state change: isEven = false
    }
  }

  // Confirms that you don't have to assert on all state changes in a non-exhaustive test store,
  // *but* if you make an incorrect mutation you will still get a failure.
  @Test func testNonExhaustiveSend_PartialExhaustive_BadAssertion() async {
    let store = TestStore(initialState: EvenCounter.State()) { EvenCounter() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await withKnownIssue {
      await store.send(.increment) {
        $0.count = 0
      }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined(separator: "\n")
      return text.hasPrefix("A state change does not match expectation after sending .increment:")
        && text.contains("−   count: 0,") && text.contains("+   count: 1,")
        && text.hasSuffix("(Expected: −, Actual: +)")
    }
  }

  // Confirms that you don't have to assert on all state changes in a non-exhaustive test store,
  // *and* that informational boxes of what was not asserted on is not shown.
  @Test func testNonExhaustiveSend_NonExhaustive() async {
    let store = TestStore(initialState: EvenCounter.State()) { EvenCounter() }
    store.exhaustivity = .off
    await store.send(.increment) {
      $0.count = 1
      // Ignoring state change: isEven = false
    }
  }

  // Confirms that you can send actions without having received all effect actions in
  // non-exhaustive test stores.
  @Test func testSend_SkipReceivedActions() async {
    struct Feature: Reducer {
      struct State: Equatable {
        var count = 0
        var isLoggedIn = false
      }
      enum Action: Equatable {
        case decrement
        case increment
        case loggedInResponse(Bool)
      }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .decrement:
          state.count -= 1
          return .none
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
    // Ignored received action: .loggedInResponse(true)
    await store.send(.decrement) {
      $0.count = 0
      // Ignored state change: isLoggedIn = true
    }
  }
}
