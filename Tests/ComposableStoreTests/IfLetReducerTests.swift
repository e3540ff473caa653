import ComposableSensorsTesting
import ComposableStore
import Testing

/// A parent that shows a `Stopwatch` only while it is open, as `ifLet` composes them.
private struct Panel: Reducer {
  struct State: Equatable, Sendable {
    var stopwatch: Stopwatch.State?
  }

  enum Action: Equatable, Sendable {
    case toggle
    case replace
    case stopwatch(Stopwatch.Action)
  }

  let clock: any Clock<Duration>

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .toggle:
        state.stopwatch = state.stopwatch == nil ? Stopwatch.State() : nil
      case .replace:
        state.stopwatch = Stopwatch.State(id: (state.stopwatch?.id ?? 0) + 1)
      case .stopwatch:
        break
      }
      return .none
    }
    .ifLet(\.stopwatch, action: Action.stopwatch) { Stopwatch(clock: clock) }
  }
}

/// `Panel` inside another optional: a grandchild whose parent goes away.
private struct Window: Reducer {
  struct State: Equatable, Sendable {
    var panel: Panel.State?
  }

  enum Action: Equatable, Sendable {
    case open
    case close
    case panel(Panel.Action)

    static let panelPath = ActionPath(
      embed: Action.panel, extract: { if case .panel(let action) = $0 { action } else { nil } })
  }

  let clock: any Clock<Duration>

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .open: state.panel = Panel.State(stopwatch: Stopwatch.State())
      case .close: state.panel = nil
      case .panel: break
      }
      return .none
    }
    .ifLet(\.panel, action: Action.panelPath) { Panel(clock: clock) }
  }
}

/// A parent with no logic of its own.
private struct Idle: Reducer {
  func reduce(into state: inout Panel.State, action: Panel.Action) -> Effect<Panel.Action> { .none }
}

@Suite struct IfLetReducerTests {
  @Test func runsTheChildWhileItsStateExists() async {
    let clock = TestClock()
    let store = TestStore(initialState: Panel.State()) { Panel(clock: clock) }
    await store.send(.toggle) { $0.stopwatch = Stopwatch.State() }
    await store.send(.stopwatch(.tick)) { $0.stopwatch?.ticks = 1 }
  }

  @Test func settingTheStateToNilCancelsTheChildsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Panel.State()) { Panel(clock: clock) }
    await store.send(.toggle) { $0.stopwatch = Stopwatch.State() }
    await store.send(.stopwatch(.start))
    await clock.advance(by: .seconds(2))
    await store.receive(.stopwatch(.tick)) { $0.stopwatch?.ticks = 1 }
    await store.receive(.stopwatch(.tick)) { $0.stopwatch?.ticks = 2 }
    await store.send(.toggle) { $0.stopwatch = nil }
    // `finish` fails if the timer were still running.
    await store.finish()
  }

  @Test func closingTheParentCancelsTheGrandchildsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Window.State()) { Window(clock: clock) }
    await store.send(.open) { $0.panel = Panel.State(stopwatch: Stopwatch.State()) }
    await store.send(.panel(.stopwatch(.start)))
    await clock.advance(by: .seconds(1))
    await store.receive(.panel(.stopwatch(.tick))) { $0.panel?.stopwatch?.ticks = 1 }
    await store.send(.close) { $0.panel = nil }
    await store.finish()
  }

  @Test func replacingAnIdentifiableChildCancelsTheOldChildsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Panel.State(stopwatch: Stopwatch.State(id: 1))) {
      Panel(clock: clock)
    }
    await store.send(.stopwatch(.report))
    await store.send(.replace) { $0.stopwatch = Stopwatch.State(id: 2) }
    await store.send(.stopwatch(.report))
    await clock.advance(by: .seconds(1))
    // Only the new child's report arrives: the old one's effect was cancelled with it.
    await store.receive(.stopwatch(.reported(2))) { $0.stopwatch?.ticks = 2 }
    await store.finish()
  }

  @Test func theChildsCancellationIDsAreItsOwn() async {
    // The parent cancels the id value the child uses: that misses the child's timer, while the
    // child's own `.cancel(id:)` reaches it.
    let clock = TestClock()
    let store = Store(initialState: Panel.State(stopwatch: Stopwatch.State())) {
      Panel(clock: clock)
      Reduce<Panel.State, Panel.Action> { _, action in
        action == .stopwatch(.tick) ? .cancel(id: Stopwatch.CancelID.timer) : .none
      }
    }
    store.send(.stopwatch(.start))
    store.send(.stopwatch(.tick))
    #expect(store.inFlightEffectCount == 1, "the parent's cancel missed the child's timer")
    store.send(.stopwatch(.stop))
    await store.waitForEffects()
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func anActionForANilChildIsDroppedWithAWarning() {
    let line = #line + 2
    let store = Store(initialState: Panel.State()) {
      Idle().ifLet(\.stopwatch, action: Panel.Action.stopwatch) { Stopwatch(clock: TestClock()) }
    }
    let warnings = collectingRuntimeWarnings { store.send(.stopwatch(.tick)) }
    #expect(store.state == Panel.State())
    #expect(
      warnings == [
        """
        An "ifLet" at "ComposableStoreTests/IfLetReducerTests.swift:\(line)" received a child \
        action when child state was "nil".

          Action:
            Panel.Action.stopwatch(.tick)

        This is generally considered an application logic error, and can happen for a few \
        reasons:

        A parent reducer set child state to "nil" before this reducer ran. This reducer must run \
        before any other reducer sets child state to "nil". This ensures that child reducers can \
        handle their actions while their state is still available.

        An in-flight effect emitted this action when child state was "nil". While it may be \
        perfectly reasonable to ignore this action, consider canceling the associated effect \
        before child state becomes "nil", especially if it is a long-living effect.

        This action was sent to the store while state was "nil". Make sure that actions for this \
        reducer can only be sent from a store when state is non-"nil".
        """
      ])
  }
}
