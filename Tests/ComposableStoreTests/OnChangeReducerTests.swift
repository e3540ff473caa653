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

  /// TCA's `testOnChangeChildStates`: `removeDuplicates` on the ids makes a roster that reacts
  /// to elements added, not to an element changing.
  @Test func removeDuplicatesWatchesOnlyWhatItCompares() async {
    struct Roster: Reducer {
      struct State: Equatable, Sendable {
        var counters: IdentifiedArrayOf<Stopwatch.State>
        var rosterChanges = 0
      }
      enum Action: Equatable, Sendable {
        case add(Stopwatch.State)
        case counters(IdentifiedActionOf<Stopwatch>)
      }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          if case .add(let counter) = action { state.counters.append(counter) }
          return .none
        }
        .forEach(\.counters, action: Action.counters) { Stopwatch(clock: TestClock()) }
        .onChange(of: \.counters, removeDuplicates: Self.sameIDs) { _, _ in
          Reduce { state, _ in
            state.rosterChanges += 1
            return .none
          }
        }
      }
      static func sameIDs(
        _ old: IdentifiedArrayOf<Stopwatch.State>, _ new: IdentifiedArrayOf<Stopwatch.State>
      ) -> Bool { old.ids == new.ids }
    }
    let store = TestStore(initialState: Roster.State(counters: [.init(id: 0)])) { Roster() }
    await store.send(.counters(.element(id: 0, action: .tick))) {
      $0.counters[id: 0]?.ticks = 1
    }
    await store.send(.add(.init(id: 1))) {
      $0.counters.append(.init(id: 1))
      $0.rosterChanges = 1
    }
    await store.send(.counters(.element(id: 1, action: .tick))) {
      $0.counters[id: 1]?.ticks = 1
    }
  }

  /// TCA's `testOnChangeTuple`: a tuple is not `Equatable`, so it is compared with
  /// `removeDuplicates: ==`.
  @Test func aTupleIsWatchedWithRemoveDuplicates() async {
    struct Sum: Reducer {
      struct State: Equatable, Sendable {
        var countA = 0
        var countB = 0
        var sum = 0
        var counts: (Int, Int) { (countA, countB) }
      }
      enum Action: Equatable, Sendable {
        case incrementA
        case noop
      }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          if action == .incrementA { state.countA += 1 }
          return .none
        }
        .onChange(of: \.counts, removeDuplicates: ==) { _, new in
          Reduce { state, _ in
            state.sum = new.0 + new.1
            return .none
          }
        }
      }
    }
    let store = TestStore(initialState: Sum.State()) { Sum() }
    await store.send(.incrementA) {
      $0.countA = 1
      $0.sum = 1
    }
    await store.send(.noop)
  }
}
