import ComposableSensorsTesting
import ComposableStore
import Testing

/// A parent with a child feature, so actions nest: `.counter(.echoed(3))`.
private struct Parent: Reducer {
  struct State: Equatable, Sendable {
    var counter = Counter.State()
  }

  enum Action: Equatable, Sendable {
    case counter(Counter.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: ActionPath(Action.counter)) { Counter() }
  }
}

/// `receive` by case: TCA's `receive(\.case)` and `receive(\.case, value)`, without macros.
@Suite struct ReceiveByCaseTests {
  @Test func anActionIsReceivedByItsCaseWhateverItsPayload() async {
    let store = TestStore(initialState: Counter.State(count: 7)) { Counter() }
    await store.send(.echo)
    await store.receive(Counter.Action.echoed) { $0.echoes = [7] }
    await store.finish()
  }

  @Test func aNestedCaseIsReceivedThroughAPathOfCases() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.counter(.echo))
    await store.receive(ActionPath { Parent.Action.counter(.echoed($0)) }) {
      $0.counter.echoes = [0]
    }
    await store.finish()
  }

  @Test func appendedPathsReachTheSameCase() async {
    let store = TestStore(initialState: Parent.State(counter: Counter.State(count: 2))) {
      Parent()
    }
    let path = ActionPath(Parent.Action.counter).appending(path: ActionPath(Counter.Action.echoed))
    await store.send(.counter(.echo))
    await store.receive(path, 2) { $0.counter.echoes = [2] }
    await store.finish()
  }

  @Test func aPayloadIsAssertedWhenGiven() async {
    let store = TestStore(initialState: Counter.State(count: 4)) { Counter() }
    await store.send(.echo)
    await withKnownIssue {
      await store.receive(Counter.Action.echoed, 5) { $0.echoes = [4] }
    } matching: { issue in
      text(of: issue).hasPrefix("Received an action other than the one expected:")
        && text(of: issue).contains(".echoed(5)")
    }
    await store.finish()
  }

  @Test func exhaustiveReceiveByCaseStillChecksTheStateChange() async {
    let store = TestStore(initialState: Counter.State(count: 1)) { Counter() }
    await store.send(.echo)
    await withKnownIssue {
      await store.receive(Counter.Action.echoed)
    } matching: { issue in
      text(of: issue).hasPrefix("State was not expected to change after receiving .echoed(1)")
    }
    await store.finish()
  }

  @Test func anotherCaseWithTheSamePayloadTypeDoesNotMatch() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.fail)
    await withKnownIssue {
      await store.receive(Counter.Action.echoed)
    } matching: { issue in
      text(of: issue).hasPrefix("Received an action other than the one expected:")
        && text(of: issue).contains(".failed(\"sensor went away\")")
    }
    await store.finish()
  }

  /// TCA's text, at once: no effect is running, so nothing can arrive.
  @Test func aMissingCaseIsReportedWithTCAsText() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.receive(Counter.Action.echoed, timeout: .seconds(3600))
    } matching: { issue in
      text(of: issue).hasPrefix(
        "Expected to receive an action matching case path, but didn't get one.")
    }
  }

  @Test func nonExhaustiveReceiveByCaseSkipsEarlierActions() async {
    let store = TestStore(initialState: Counter.State(count: 3)) { Counter() }
    store.exhaustivity = .off
    await store.send(.echoTwice)
    await store.receive(Counter.Action.echoed, 4) { $0.echoes = [3, 4] }
    await store.finish()
  }
}
