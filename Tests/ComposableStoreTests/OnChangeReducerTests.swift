import ComposableSensorsTesting
import ComposableStore
import Testing

/// Counts, and logs each change of the count's parity.
private struct Parity: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var log: [String] = []
    var isEven: Bool { count.isMultiple(of: 2) }
  }

  enum Action: Equatable, Sendable {
    case increment
    case add(Int)
    case announced(Bool)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment: state.count += 1
      case .add(let amount): state.count += amount
      case .announced(let isEven): state.log.append(isEven ? "even" : "odd")
      }
      return .none
    }
    .onChange(of: \.isEven) { wasEven, state in
      state.log.append("\(wasEven) → \(state.isEven)")
      return .send(.announced(state.isEven))
    }
  }
}

@Suite struct OnChangeReducerTests {
  @Test func runsWhenTheValueChangesWithTheOldValue() async {
    let store = TestStore(initialState: Parity.State()) { Parity() }
    await store.send(.increment) {
      $0.count = 1
      $0.log = ["true → false"]
    }
    await store.receive(.announced(false)) { $0.log = ["true → false", "odd"] }
  }

  @Test func staysQuietWhenTheValueIsUnchanged() async {
    let store = TestStore(initialState: Parity.State()) { Parity() }
    await store.send(.add(2)) { $0.count = 2 }
  }

  @Test func theReducerFormSeesOldAndNewValues() {
    let store = Store(initialState: Parity.State()) {
      Reduce<Parity.State, Parity.Action> { state, _ in
        state.count += 3
        return .none
      }
      .onChange(of: \.count) { old, new in
        Reduce { state, _ in
          state.log.append("\(old) → \(new)")
          return .none
        }
      }
    }
    store.send(.increment)
    store.send(.increment)
    #expect(store.state.log == ["0 → 3", "3 → 6"])
  }
}
