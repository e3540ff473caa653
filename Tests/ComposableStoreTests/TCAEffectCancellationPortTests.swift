// TCA's IfLetReducerTests and IfCaseLetReducerTests that pin effect cancellation (MIT licence,
// Point-Free, github.com/pointfreeco/swift-composable-architecture,
// Tests/ComposableArchitectureTests/Reducers), ported under their upstream names in their
// pre-macro spelling (`/Action.child`, `clock.timer(interval:)`). `XCTModify` becomes an
// optional-chained assignment, and the `mainQueue` scheduler the continuous clock.
import ComposableSensorsTesting
import ComposableStore
import Testing

private struct TimerChild: Reducer {
  struct State: Equatable {
    var count = 0
  }
  enum Action: Equatable {
    case timerButtonTapped
    case timerTick
  }
  @Dependency(\.continuousClock) var clock
  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .timerButtonTapped:
        return .run { send in
          for await _ in self.clock.timer(interval: .seconds(1)) {
            await send(.timerTick)
          }
        }
      case .timerTick:
        state.count += 1
        return .none
      }
    }
  }
}

private struct IdentifiedChild: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var value = 0
  }
  enum Action: Equatable {
    case tap
    case response(Int)
  }
  @Dependency(\.continuousClock) var clock
  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .tap:
        return .run { [id = state.id] send in
          try await clock.sleep(for: .seconds(0))
          await send(.response(id))
        }
      case .response(let value):
        state.value = value
        return .none
      }
    }
  }
}

@Suite struct IfLetReducerEffectCancellationTests {
  @Test func testEffectCancellation() async {
    struct Parent: Reducer {
      struct State: Equatable {
        var child: TimerChild.State?
      }
      enum Action: Equatable {
        case child(TimerChild.Action)
        case childButtonTapped
      }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          switch action {
          case .child:
            return .none
          case .childButtonTapped:
            state.child = state.child == nil ? TimerChild.State() : nil
            return .none
          }
        }
        .ifLet(\.child, action: /Action.child) {
          TimerChild()
        }
      }
    }
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State()) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.childButtonTapped) {
      $0.child = TimerChild.State()
    }
    await store.send(.child(.timerButtonTapped))
    await clock.advance(by: .seconds(2))
    await store.receive(.child(.timerTick)) {
      $0.child?.count = 1
    }
    await store.receive(.child(.timerTick)) {
      $0.child?.count = 2
    }
    await store.send(.childButtonTapped) {
      $0.child = nil
    }
  }

  @Test func testGrandchildEffectCancellation() async {
    struct Child: Reducer {
      struct State: Equatable {
        var grandChild: TimerChild.State?
      }
      enum Action: Equatable {
        case grandChild(TimerChild.Action)
      }
      var body: some Reducer<State, Action> {
        EmptyReducer()
          .ifLet(\.grandChild, action: /Action.grandChild) {
            TimerChild()
          }
      }
    }
    struct Parent: Reducer {
      struct State: Equatable {
        var child: Child.State?
      }
      enum Action: Equatable {
        case child(Child.Action)
        case exitButtonTapped
        case startButtonTapped
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .child:
            return .none
          case .exitButtonTapped:
            state.child = nil
            return .none
          case .startButtonTapped:
            state.child = Child.State(grandChild: TimerChild.State())
            return .none
          }
        }
        .ifLet(\.child, action: /Action.child) {
          Child()
        }
      }
    }
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State()) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startButtonTapped) {
      $0.child = Child.State(grandChild: TimerChild.State())
    }
    await store.send(.child(.grandChild(.timerButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.grandChild(.timerTick))) {
      $0.child?.grandChild?.count = 1
    }
    await store.send(.exitButtonTapped) {
      $0.child = nil
    }
  }

  @Test func testIdentifiableChild() async {
    struct Feature: Reducer {
      struct State: Equatable {
        var child: IdentifiedChild.State?
      }
      enum Action: Equatable {
        case child(IdentifiedChild.Action)
        case newChild
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .child:
            return .none
          case .newChild:
            guard let childState = state.child
            else { return .none }
            state.child = IdentifiedChild.State(id: childState.id + 1)
            return .none
          }
        }
        .ifLet(\.child, action: /Action.child) { IdentifiedChild() }
      }
    }

    let clock = TestClock()
    let store = TestStore(initialState: Feature.State(child: IdentifiedChild.State(id: 1))) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.child(.tap))
    await store.send(.newChild) {
      $0.child = IdentifiedChild.State(id: 2)
    }
    await store.send(.child(.tap))
    await clock.advance()
    await store.receive(.child(.response(2))) {
      $0.child = IdentifiedChild.State(id: 2, value: 2)
    }
  }
}

@Suite struct IfCaseLetReducerEffectCancellationTests {
  @Test func testEffectCancellation_Siblings() async {
    struct Parent: Reducer {
      enum State: Equatable {
        case child1(TimerChild.State)
        case child2(TimerChild.State)
      }
      enum Action: Equatable {
        case child1(TimerChild.Action)
        case child1ButtonTapped
        case child2(TimerChild.Action)
        case child2ButtonTapped
      }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          switch action {
          case .child1:
            return .none
          case .child1ButtonTapped:
            state = .child1(TimerChild.State())
            return .none
          case .child2:
            return .none
          case .child2ButtonTapped:
            state = .child2(TimerChild.State())
            return .none
          }
        }
        .ifCaseLet(/State.child1, action: /Action.child1) {
          TimerChild()
        }
        .ifCaseLet(/State.child2, action: /Action.child2) {
          TimerChild()
        }
      }
    }
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State.child1(TimerChild.State())) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.child1(.timerButtonTapped))
    await clock.advance(by: .seconds(1))
    await store.receive(.child1(.timerTick)) {
      $0 = .child1(TimerChild.State(count: 1))
    }
    await store.send(.child2ButtonTapped) {
      $0 = .child2(TimerChild.State())
    }
  }

  @Test func testIdentifiableChild() async {
    struct Feature: Reducer {
      enum State: Equatable {
        case child(IdentifiedChild.State)
      }
      enum Action: Equatable {
        case child(IdentifiedChild.Action)
        case newChild
      }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          switch action {
          case .child:
            return .none
          case .newChild:
            guard case .child(let childState) = state
            else { return .none }
            state = .child(IdentifiedChild.State(id: childState.id + 1))
            return .none
          }
        }
        .ifCaseLet(/State.child, action: /Action.child) { IdentifiedChild() }
      }
    }

    let clock = TestClock()
    let store = TestStore(initialState: Feature.State.child(IdentifiedChild.State(id: 1))) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.child(.tap))
    await store.send(.newChild) {
      $0 = .child(IdentifiedChild.State(id: 2))
    }
    await store.send(.child(.tap))
    await clock.advance()
    await store.receive(.child(.response(2))) {
      $0 = .child(IdentifiedChild.State(id: 2, value: 2))
    }
  }
}

/// ``ClockTimer`` on its own: ticks keep the rhythm of the start, and cancelling ends it.
@Suite struct ClockTimerTests {
  @Test func ticksOnTheGridOfItsStartAndEndsWhenCancelled() async {
    let clock = TestClock()
    let ticks = Task {
      var seen: [Duration] = []
      for await elapsed in clock.timer(interval: .seconds(2)) {
        seen.append(elapsed)
      }
      return seen
    }
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: .seconds(5))
    #expect(await clock.waitForSleepers(1))
    #expect(clock.pendingDeadlines == [TestClock.Instant(offset: .seconds(6))])
    ticks.cancel()
    #expect(await ticks.value == [.seconds(2), .seconds(4)])
  }

  @Test func aTimerWithoutAPositiveIntervalEndsAtOnceAndSaysWhy() async {
    let clock = TestClock()
    for interval in [Duration.zero, .seconds(-1)] {
      var timer: ClockTimer?
      let warnings = collectingRuntimeWarnings { timer = clock.timer(interval: interval) }
      #expect(warnings.count == 1)
      #expect(warnings.first?.contains("not a positive duration") == true)
      var ticks = 0
      if let timer {
        for await _ in timer { ticks += 1 }
      }
      #expect(ticks == 0)
      #expect(clock.pendingDeadlines.isEmpty)
    }
  }
}

/// CasePaths' `/Action.case` where TCA 1.0–1.3 tests used it: receiving by case in a test store.
@Suite struct PrefixCasePathTests {
  @Test func aTestStoreReceivesByAPrefixPath() async {
    let clock = TestClock()
    let store = TestStore(initialState: IdentifiedChild.State(id: 4)) {
      IdentifiedChild()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.tap)
    await clock.advance()
    await store.receive(/IdentifiedChild.Action.response) {
      $0.value = 4
    }
  }
}
