// Ports of The Composable Architecture's StoreTests scoping tests and DebugTests'
// `testDebugCaseOutput` (MIT licence, Point-Free, github.com/pointfreeco/swift-composable-architecture,
// Tests/ComposableArchitectureTests), rewritten without ViewStore: subscribing is `Store.states`.
import ComposableStore
import Synchronization
import Testing

@Suite struct TCAStoreScopingTests {
  @Test func aReducerBuiltOutsideTheBuilderClosure() {
    let counter = Reduce<Int, Void> { state, _ in
      state += 1
      return .none
    }
    let store = Store(initialState: 0) { counter }
    store.send(())
    #expect(store.state == 1)
  }

  /// A store whose state counts the actions sent.
  private func counterStore() -> Store<Int, Void> {
    Store(initialState: 0) {
      Reduce { state, _ in
        state += 1
        return .none
      }
    }
  }

  @Test func scopedStoreReceivesUpdatesFromParent() async {
    let parent = counterStore()
    let child = parent.scope(state: { String($0) }, action: { $0 })
    var values = child.states.makeAsyncIterator()
    #expect(await values.next() == "0")
    parent.send(())
    #expect(await values.next() == "1")
    #expect(child.state == "1")
  }

  @Test func parentStoreReceivesUpdatesFromChild() async {
    let parent = counterStore()
    let child = parent.scope(state: { String($0) }, action: { $0 })
    var values = parent.states.makeAsyncIterator()
    #expect(await values.next() == 0)
    child.send(())
    #expect(await values.next() == 1)
  }

  @Test func aChildStateNeedNotBeEquatable() async {
    struct Opaque: Sendable { var count: Int }
    let parent = counterStore()
    let child = parent.scope(state: { Opaque(count: $0) }, action: { $0 })
    child.send(())
    #expect(child.state.count == 1)
  }
}

/// TCA's `testScopeCallCount_*`: a scoped store reads its state from the parent only when asked.
/// Subscribing (TCA's `publisher.sink`, here ``Store/states``) computes the slice once; each action
/// the root handles computes it once per subscriber and level. TCA's three-level test subscribes
/// through `ViewStore`s, which read the state twice each on creation (6, 4, 2 calls where
/// subscribing to `states` makes 3, 2, 1); the increments per action are the same: 3, 2, 1.
@Suite struct TCAScopeCallCountTests {
  /// Counts the calls of a scope's state transformation.
  private final class Calls: Sendable {
    private let recorder = Recorder<Int>()
    var count: Int { recorder.all.count }
    @Sendable func identity(_ value: Int) -> Int {
      recorder.record(value)
      return value
    }
  }

  @Test func oneLevelNoSubscription() {
    let calls = Calls()
    let store = Store<Int, Void>(initialState: 0) {}
      .scope(state: calls.identity, action: { $0 })
    #expect(calls.count == 0)
    store.send(())
    #expect(calls.count == 0)
  }

  @Test func oneLevelSubscribing() {
    let calls = Calls()
    let store = Store<Int, Void>(initialState: 0) {}
      .scope(state: calls.identity, action: { $0 })
    _ = store.states
    #expect(calls.count == 1)
    store.send(())
    #expect(calls.count == 1)
  }

  @Test func twoLevelsSubscribing() {
    let calls1 = Calls()
    let calls2 = Calls()
    let store = Store<Int, Void>(initialState: 0) {}
      .scope(state: calls1.identity, action: { $0 })
      .scope(state: calls2.identity, action: { $0 })
    _ = store.states
    #expect(calls1.count == 1 && calls2.count == 1)
    store.send(())
    #expect(calls1.count == 1 && calls2.count == 1)
  }

  @Test func threeLevelsSubscribing() {
    let calls = (Calls(), Calls(), Calls())
    let store1 = Store<Int, Void>(initialState: 0) {}
    let store2 = store1.scope(state: calls.0.identity, action: { $0 })
    let store3 = store2.scope(state: calls.1.identity, action: { $0 })
    let store4 = store3.scope(state: calls.2.identity, action: { $0 })
    let streams = (store1.states, store2.states, store3.states, store4.states)
    #expect([calls.0.count, calls.1.count, calls.2.count] == [3, 2, 1])
    for round in 1...4 {
      store4.send(())
      #expect(
        [calls.0.count, calls.1.count, calls.2.count] == [3 + 3 * round, 2 + 2 * round, 1 + round])
    }
    withExtendedLifetime(streams) {}
  }

  @Test func readingAScopedStateComputesItEachTime() {
    let calls = Calls()
    let store = Store<Int, Void>(initialState: 0) {}
      .scope(state: calls.identity, action: { $0 })
    #expect(store.state == 0 && store.state == 0)
    #expect(calls.count == 2)
  }
}

@Suite struct TCADebugTests {
  @Test func debugCaseOutputNamesTheTypeAndTheCases() {
    enum Action {
      case action1(Bool, label: String)
      case action2(Bool, Int, String)
      case screenA(ScreenA)
      enum ScreenA {
        case row(index: Int, action: RowAction)
        enum RowAction {
          case tapped
          case textChanged(query: String)
        }
      }
    }
    let lines = Mutex<[String]>([])
    let printer = ReducerPrinter<Int, Action>.actionLabels { line in
      lines.withLock { $0.append(line) }
    }
    for action in [
      Action.action1(true, label: "Blob"), .action2(true, 1, "Blob"),
      .screenA(.row(index: 1, action: .tapped)),
      .screenA(.row(index: 1, action: .textChanged(query: "Hi"))),
    ] {
      printer.printChange(receivedAction: action, oldState: 0, newState: 0)
    }
    #expect(
      lines.withLock { $0 } == [
        "received action: TCADebugTests.Action.action1(_:, label:)",
        "received action: TCADebugTests.Action.action2(_:, _:, _:)",
        "received action: TCADebugTests.Action.screenA(.row(index:, action: .tapped))",
        "received action: TCADebugTests.Action.screenA(.row(index:, action: .textChanged(query:)))",
      ])
  }
}

/// TCA's `DebugTests.testDebugReducer`, under its name: a printer of one's own, spelled as in
/// TCA (`_ReducerPrinter`), receives each action. The store prints synchronously, so upstream's
/// 0.3 s wait is not needed.
@Suite struct TCADebugReducerTests {
  @Test func testDebugReducer() async {
    let logs = Mutex("")
    let printer = _ReducerPrinter<Int, Bool>(
      printChange: { action, oldState, newState in
        logs.withLock { _ = dump(action, to: &$0) }
      }
    )

    let store = Store<Int, Bool>(initialState: 0) {
      Reduce<Int, Bool> { state, action in
        state += action ? 1 : -1
        return .none
      }
      ._printChanges(printer)
    }
    await store.send(true).finish()
    #expect(
      logs.withLock { $0 } == """
        - true

        """
    )
  }
}
