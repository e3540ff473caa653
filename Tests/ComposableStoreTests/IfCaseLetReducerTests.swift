import ComposableSensorsTesting
import ComposableStore
import Testing

/// Two stopwatches, only one of which exists at a time: an enum state composed with `ifCaseLet`.
private struct Dial: Reducer {
  enum State: Equatable, Sendable {
    case first(Stopwatch.State)
    case second(Stopwatch.State)
  }

  enum Action: Equatable, Sendable {
    case showFirst
    case showSecond
    case replaceFirst
    case first(Stopwatch.Action)
    case second(Stopwatch.Action)
  }

  let clock: any Clock<Duration>

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .showFirst: state = .first(Stopwatch.State())
      case .showSecond: state = .second(Stopwatch.State())
      case .replaceFirst:
        if case .first(let old) = state { state = .first(Stopwatch.State(id: old.id + 1)) }
      case .first, .second: break
      }
      return .none
    }
    .ifCaseLet(
      CasePath(embed: State.first, extract: { if case .first(let s) = $0 { s } else { nil } }),
      action: ActionPath(Action.first)
    ) { Stopwatch(clock: clock) }
    .ifCaseLet(CasePath(State.second), action: ActionPath(Action.second)) {
      Stopwatch(clock: clock)
    }
  }
}

@Suite struct IfCaseLetReducerTests {
  @Test func runsTheChildOnItsCaseOnly() async {
    let store = TestStore(initialState: Dial.State.first(Stopwatch.State())) {
      Dial(clock: TestClock())
    }
    await store.send(.first(.tick)) { $0 = .first(Stopwatch.State(ticks: 1)) }
  }

  @Test func leavingTheCaseCancelsTheChildsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Dial.State.first(Stopwatch.State())) {
      Dial(clock: clock)
    }
    await store.send(.first(.start))
    await clock.advance(by: .seconds(1))
    await store.receive(.first(.tick)) { $0 = .first(Stopwatch.State(ticks: 1)) }
    await store.send(.showSecond) { $0 = .second(Stopwatch.State()) }
    await store.finish()
  }

  @Test func replacingAnIdentifiableChildCancelsTheOldChildsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Dial.State.first(Stopwatch.State(id: 1))) {
      Dial(clock: clock)
    }
    await store.send(.first(.report))
    await store.send(.replaceFirst) { $0 = .first(Stopwatch.State(id: 2)) }
    await store.send(.first(.report))
    await clock.advance(by: .seconds(1))
    await store.receive(.first(.reported(2))) { $0 = .first(Stopwatch.State(id: 2, ticks: 2)) }
    await store.finish()
  }

  @Test func anActionForAnotherCaseIsDroppedWithAWarning() {
    let line = #line + 2
    let store = Store(initialState: Dial.State.second(Stopwatch.State())) {
      Idle().ifCaseLet(CasePath(Dial.State.first), action: ActionPath(Dial.Action.first)) {
        Stopwatch(clock: TestClock())
      }
    }
    let warnings = collectingRuntimeWarnings { store.send(.first(.tick)) }
    #expect(store.state == .second(Stopwatch.State()))
    #expect(
      warnings == [
        """
        An "ifCaseLet" at "ComposableStoreTests/IfCaseLetReducerTests.swift:\(line)" received a \
        child action when child state was set to a different case.

          Action:
            Dial.Action.first(.tick)
          State:
            Dial.State.second(
              Stopwatch.State(
                id: 0,
                ticks: 0
              )
            )

        This is generally considered an application logic error, and can happen for a few reasons:

        A parent reducer set "Dial.State" to a different case before this reducer ran. This \
        reducer must run before any other reducer sets child state to a different case. This \
        ensures that child reducers can handle their actions while their state is still available.

        An in-flight effect emitted this action when child state was unavailable. While it may be \
        perfectly reasonable to ignore this action, consider canceling the associated effect \
        before child state changes to another case, especially if it is a long-living effect.

        This action was sent to the store while state was another case. Make sure that actions \
        for this reducer can only be sent from a store when state is set to the appropriate case.
        """
      ])
  }
}

/// A parent with no logic of its own.
private struct Idle: Reducer {
  func reduce(into state: inout Dial.State, action: Dial.Action) -> Effect<Dial.Action> { .none }
}
