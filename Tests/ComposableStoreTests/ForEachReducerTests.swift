import ComposableSensorsTesting
import ComposableStore
import Testing

/// A list of stopwatches, composed with `forEach`.
private struct Board: Reducer {
  struct State: Equatable, Sendable {
    var stopwatches: IdentifiedArrayOf<Stopwatch.State> = []
  }

  enum Action: Equatable, Sendable {
    case add(id: Int)
    case remove(id: Int)
    case removeAll
    case stopwatches(IdentifiedActionOf<Stopwatch>)
  }

  let clock: any Clock<Duration>

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .add(let id): state.stopwatches.append(Stopwatch.State(id: id))
      case .remove(let id): state.stopwatches.remove(id: id)
      case .removeAll: state.stopwatches.removeAll()
      case .stopwatches: break
      }
      return .none
    }
    .forEach(\.stopwatches, action: Action.stopwatches) { Stopwatch(clock: clock) }
  }
}

@Suite struct ForEachReducerTests {
  @Test func runsTheElementReducerOnTheElementTheActionNames() async {
    let store = TestStore(initialState: Board.State(stopwatches: [.init(id: 1), .init(id: 2)])) {
      Board(clock: TestClock())
    }
    await store.send(.stopwatches(.element(id: 2, action: .tick))) {
      $0.stopwatches[id: 2]?.ticks = 1
    }
    await store.send(.stopwatches(.element(id: 1, action: .tick))) {
      $0.stopwatches[id: 1]?.ticks = 1
    }
  }

  @Test func removingAnElementCancelsItsEffectsOnly() async {
    let clock = TestClock()
    let store = TestStore(initialState: Board.State(stopwatches: [.init(id: 1), .init(id: 2)])) {
      Board(clock: clock)
    }
    await store.send(.stopwatches(.element(id: 1, action: .start)))
    await store.send(.stopwatches(.element(id: 2, action: .start)))
    await store.send(.remove(id: 1)) { $0.stopwatches = [.init(id: 2)] }
    await clock.advance(by: .seconds(1))
    await store.receive(.stopwatches(.element(id: 2, action: .tick))) {
      $0.stopwatches[id: 2]?.ticks = 1
    }
    await store.send(.removeAll) { $0.stopwatches = [] }
    await store.finish()
  }

  @Test func elementsHaveTheirOwnCancellationIDs() async {
    let clock = TestClock()
    let store = TestStore(initialState: Board.State(stopwatches: [.init(id: 1), .init(id: 2)])) {
      Board(clock: clock)
    }
    await store.send(.stopwatches(.element(id: 1, action: .start)))
    await store.send(.stopwatches(.element(id: 2, action: .start)))
    // Same `CancelID.timer` in both elements: stopping 1 leaves 2 running.
    await store.send(.stopwatches(.element(id: 1, action: .stop)))
    await clock.advance(by: .seconds(1))
    await store.receive(.stopwatches(.element(id: 2, action: .tick))) {
      $0.stopwatches[id: 2]?.ticks = 1
    }
    await store.send(.stopwatches(.element(id: 2, action: .stop)))
    await store.finish()
  }

  @Test func aRemovedAndReAddedElementStartsWithoutTheOldEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Board.State(stopwatches: [.init(id: 1)])) {
      Board(clock: clock)
    }
    await store.send(.stopwatches(.element(id: 1, action: .start)))
    await store.send(.remove(id: 1)) { $0.stopwatches = [] }
    await store.send(.add(id: 1)) { $0.stopwatches = [.init(id: 1)] }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func anActionForAMissingElementIsDroppedWithAWarning() {
    let line = #line + 2
    let store = Store(initialState: Board.State()) {
      Idle().forEach(\.stopwatches, action: Board.Action.stopwatches) {
        Stopwatch(clock: TestClock())
      }
    }
    let warnings = collectingRuntimeWarnings {
      store.send(.stopwatches(.element(id: 7, action: .tick)))
    }
    #expect(store.state == Board.State())
    #expect(
      warnings == [
        """
        A "forEach" at "ComposableStoreTests/ForEachReducerTests.swift:\(line)" received an \
        action for a missing element.

          Action:
            Board.Action.stopwatches(.element(id:, action: .tick))

        This is generally considered an application logic error, and can happen for a few reasons:

        A parent reducer removed an element with this ID before this reducer ran. This reducer \
        must run before any other reducer removes an element, which ensures that element reducers \
        can handle their actions while their state is still available.

        An in-flight effect emitted this action when state contained no element at this ID. While \
        it may be perfectly reasonable to ignore this action, consider canceling the associated \
        effect before an element is removed, especially if it is a long-living effect.

        This action was sent to the store while its state contained no element at this ID. To fix \
        this make sure that actions for this reducer can only be sent from a store when its state \
        contains an element at this id.
        """
      ])
  }
}

/// A parent with no logic of its own.
private struct Idle: Reducer {
  func reduce(into state: inout Board.State, action: Board.Action) -> Effect<Board.Action> {
    .none
  }
}
