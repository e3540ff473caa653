// TCA's EffectRunTests (MIT licence, Point-Free,
// github.com/pointfreeco/swift-composable-architecture,
// Tests/ComposableArchitectureTests/EffectRunTests.swift), ported under their upstream names:
// an effect's operation, its `catch` handler and `Task.cancel(id:)` inside it run with the
// store that started it. `testRunUnhandledFailure` checks this package's text for the issue
// (not TCA's). `testRunEscapeFailure`'s behaviour (an action sent after the effect ended is
// reported with TCA's text, and still handled) is pinned by ComposableSensorsTestingTests'
// `TestStoreFailureTests.anActionSentFromACompletedEffect`.
import ComposableSensorsTesting
import ComposableStore
import Testing

@Suite struct TCAEffectRunPortTests {
  @Test func testRun() async {
    struct State: Equatable {}
    enum Action: Equatable { case tapped, response }
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .tapped:
          return .run { send in await send(.response) }
        case .response:
          return .none
        }
      }
    }
    await store.send(.tapped)
    await store.receive(.response)
  }

  @Test func testRunCatch() async {
    struct State: Equatable {}
    enum Action: Equatable { case tapped, response }
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .tapped:
          return .run { _ in
            struct Failure: Error {}
            throw Failure()
          } catch: { _, send in
            await send(.response)
          }
        case .response:
          return .none
        }
      }
    }
    await store.send(.tapped)
    await store.receive(.response)
  }

  @Test func testRunUnhandledFailure() async {
    struct Failure: Error {}
    struct State: Equatable {}
    enum Action: Equatable { case tapped, response }
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .tapped:
          return .run { send in
            throw Failure()
          }
        case .response:
          return .none
        }
      }
    }
    await withKnownIssue {
      await store.send(.tapped).finish(timeout: .seconds(5))
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix(
          #"An "Effect.run" threw an error and has no "catch" handler: Failure"#)
      }
    }
  }

  @Test func testRunCancellation() async {
    enum CancelID { case response }
    struct State: Equatable {}
    enum Action: Equatable { case tapped, response }
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .tapped:
          return .run { send in
            Task.cancel(id: CancelID.response)
            try Task.checkCancellation()
            await send(.response)
          }
          .cancellable(id: CancelID.response)
        case .response:
          return .none
        }
      }
    }
    await store.send(.tapped).finish()
  }

  @Test func testRunCancellationCatch() async {
    enum CancelID { case responseA }
    struct State: Equatable {}
    enum Action: Equatable { case tapped, responseA, responseB }
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .tapped:
          return .run { send in
            Task.cancel(id: CancelID.responseA)
            try Task.checkCancellation()
            await send(.responseA)
          } catch: { _, send in
            await send(.responseB)
          }
          .cancellable(id: CancelID.responseA)
        case .responseA, .responseB:
          return .none
        }
      }
    }
    await store.send(.tapped).finish()
  }
}
