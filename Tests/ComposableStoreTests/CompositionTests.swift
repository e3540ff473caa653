import ComposableSensorsTesting
import ComposableStore
import Testing

/// A parent feature that embeds `Counter` and reacts to its echoes.
struct Parent: Reducer {
  struct State: Equatable, Sendable {
    var counter = Counter.State()
    var log: [String] = []
    var verbose = false
  }

  enum Action: Equatable, Sendable {
    case counter(Counter.Action)
    case toggleVerbose

    static let counterPath = ActionPath<Action, Counter.Action>(embed: Action.counter) {
      guard case .counter(let action) = $0 else { return nil }
      return action
    }
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.counter, action: Action.counterPath) { Counter() }
    Reduce { state, action in
      switch action {
      case .counter(.echoed(let value)):
        state.log.append("parent saw echo \(value) after count \(state.counter.count)")
      case .toggleVerbose:
        state.verbose.toggle()
      case .counter:
        break
      }
      return .none
    }
    if verbose {
      Reduce { state, action in
        state.log.append("verbose: \(action)")
        return .none
      }
    }
  }

  var verbose = false
}

@Suite struct CompositionTests {
  @Test func scopeRunsTheChildOnItsStateAndLiftsItsEffects() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.counter(.increment)) { $0.counter.count = 1 }
    await store.send(.counter(.echo))
    await store.receive(.counter(.echoed(1))) {
      $0.counter.echoes = [1]
      $0.log = ["parent saw echo 1 after count 1"]
    }
    await store.finish()
  }

  @Test func scopeIgnoresActionsForOthers() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.toggleVerbose) { $0.verbose = true }
  }

  @Test func builderConditionsChooseReducers() async {
    let store = TestStore(initialState: Parent.State()) { Parent(verbose: true) }
    await store.send(.toggleVerbose) {
      $0.verbose = true
      $0.log = ["verbose: toggleVerbose"]
    }
  }

  @Test func combineReducersRunsInOrder() {
    let store = Store(initialState: [String]()) {
      CombineReducers {
        Reduce<[String], String> { state, action in
          state.append("first \(action)")
          return .none
        }
        Reduce<[String], String> { state, action in
          state.append("second \(action)")
          return .none
        }
      }
    }
    store.send("a")
    #expect(store.state == ["first a", "second a"])
  }

  @Test func scopeWithClosuresForBothDirections() {
    let store = Store(initialState: Parent.State()) {
      Scope(
        state: \Parent.State.counter, action: Parent.Action.counter,
        extract: {
          guard case .counter(let action) = $0 else { return nil }
          return action
        }
      ) {
        Counter()
      }
    }
    store.send(.counter(.incrementTwiceBySending))
    #expect(store.state.counter.count == 2)
  }
}
