// TCA's TestStoreFailureTests (MIT licence, Point-Free,
// github.com/pointfreeco/swift-composable-architecture,
// Tests/ComposableArchitectureTests/TestStoreFailureTests.swift), under their upstream names: the
// same steps fail, with this package's texts (DifferencesFromTCA lists each headline beside
// TCA's; TestStoreFailureTests pins them whole). `XCTExpectFailure` is `withKnownIssue`; a
// store released at the end of an upstream test is released inside the `withKnownIssue` here, so
// the failures its release reports are caught; a `Void` action is an `Equatable` one.
import ComposableSensorsTesting
import ComposableStore
import Testing

@Suite struct TCATestStoreFailurePortTests {
  enum Action: Equatable { case first, second }

  /// Upstream's reducer: `.first` sends `.second`, which changes `count` when `counts` is set.
  private func firstThenSecond(counts: Bool = false) -> Reduce<Int, Action> {
    Reduce<Int, Action> { state, action in
      switch action {
      case .first: return .send(.second)
      case .second:
        if counts { state += 1 }
        return .none
      }
    }
  }

  private func failures(_ issue: Issue) -> String {
    issue.comments.map(\.rawValue).joined(separator: "\n")
  }

  @Test func testNoStateChangeFailure() async {
    let store = TestStore(initialState: 0) { firstThenSecond() }
    await withKnownIssue {
      await store.send(.first) { _ = $0 }
    } matching: {
      failures($0).hasPrefix("Expected state to change after sending .first")
    }
    await withKnownIssue {
      await store.receive(.second) { _ = $0 }
    } matching: {
      failures($0).hasPrefix("Expected state to change after receiving .second")
    }
  }

  struct State: Equatable { var count = 0 }

  @Test func testStateChangeFailure() async {
    let store = TestStore(initialState: State()) {
      Reduce<State, Bool> { state, action in
        state.count += 1
        return .none
      }
    }
    await withKnownIssue {
      await store.send(true) { $0.count = 0 }
    } matching: { issue in
      failures(issue).hasPrefix("A state change does not match expectation after sending true:")
        && failures(issue).contains("−   count: 0") && failures(issue).contains("+   count: 1")
    }
  }

  @Test func testUnexpectedStateChangeOnSendFailure() async {
    let store = TestStore(initialState: State()) {
      Reduce<State, Bool> { state, action in
        state.count += 1
        return .none
      }
    }
    await withKnownIssue {
      await store.send(true)
    } matching: {
      failures($0).hasPrefix("State was not expected to change after sending true")
    }
  }

  @Test func testUnexpectedStateChangeOnReceiveFailure() async {
    let store = TestStore(initialState: 0) { firstThenSecond(counts: true) }
    await store.send(.first)
    await withKnownIssue {
      await store.receive(.second)
    } matching: {
      failures($0).hasPrefix("State was not expected to change after receiving .second")
    }
  }

  @Test func testReceivedActionAfterDeinit() async {
    await withKnownIssue {
      let store = TestStore(initialState: 0) { firstThenSecond() }
      await store.send(.first)
    } matching: {
      failures($0).hasPrefix("The store received 1 unexpected action")
    }
  }

  @Test func testReceivedActionBeforeFinish() async {
    let store = TestStore(initialState: 0) { firstThenSecond() }
    await store.send(.first)
    await withKnownIssue {
      await store.finish()
    } matching: {
      failures($0).hasPrefix("The store received 1 unexpected action")
    }
  }

  @Test func testEffectInFlightAfterDeinit() async {
    await withKnownIssue {
      let store = TestStore(initialState: 0) {
        Reduce<Int, Bool> { state, action in
          .run { _ in try await Task.never() }
        }
      }
      await store.send(true)
    } matching: {
      failures($0).hasPrefix("An effect is still running at the end of the test")
    }
  }

  @Test func testSendActionBeforeReceivingFailure() async {
    let store = TestStore(initialState: 0) { firstThenSecond() }
    await store.send(.first)
    await withKnownIssue {
      await store.send(.first)
    } matching: {
      failures($0).hasPrefix("Must handle 1 received action before sending .first:")
    }
    // Upstream receives `.second` twice; here the failed send took the first as handled.
    await store.receive(.second)
  }

  @Test func testReceiveNonExistentActionFailure() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, _ in .none }
    }
    await withKnownIssue {
      await store.receive(.first)
    } matching: {
      failures($0).hasPrefix("Expected to receive the following action, but didn't:\n  .first")
    }
  }

  @Test func testReceiveUnexpectedActionFailure() async {
    let store = TestStore(initialState: 0) { firstThenSecond(counts: true) }
    await store.send(.first)
    await withKnownIssue {
      await store.receive(.first)
    } matching: { issue in
      failures(issue).hasPrefix("Received an action other than the one expected:")
        && failures(issue).contains("− .first") && failures(issue).contains("+ .second")
    }
  }

  @Test func testModifyClosureThrowsErrorFailure() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Bool> { _, _ in .none }
    }
    struct SomeError: Error {}
    await withKnownIssue {
      await store.send(true) { _ in
        throw SomeError()
      }
    } matching: {
      failures($0).hasSuffix("threw after sending true: SomeError()")
    }
  }

  @Test func testExpectedStateEqualityMustModify() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Bool> { state, action in
        switch action {
        case true: return .send(false)
        case false: return .none
        }
      }
    }
    await store.send(true)
    await store.receive(false)
    await withKnownIssue {
      await store.send(true) {
        $0 = 0
      }
    }
    await withKnownIssue {
      await store.receive(false) {
        $0 = 0
      }
    }
  }
}
