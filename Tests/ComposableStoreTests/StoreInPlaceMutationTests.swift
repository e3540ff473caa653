import ComposableStore
import Synchronization
import Testing

/// A thousand counters; `.increment(i)` adds one to the i-th.
private struct Rows: Reducer {
  struct State: Equatable, Sendable {
    var rows: CopyCountedRows
    var total = 0
  }

  enum Action: Equatable, Sendable {
    case increment(Int)
    case incrementTwiceBySending(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment(let index):
      state.rows[index] += 1
      state.total += 1
      return .none
    case .incrementTwiceBySending(let index):
      return .concatenate(.send(.increment(index)), .send(.increment(index)))
    }
  }
}

/// A row whose `probe` is referenced only by the row, unless the list holding it was copied.
private struct ProbedRow: Identifiable, Sendable {
  final class Probe: Sendable {}
  let id: Int
  var value = 0
  var probe = Probe()
}

/// Rows composed with `forEach`; `.probe(i)` records whether the i-th row's probe is
/// referenced only by the store's state. The probe runs beside the `forEach`;
/// ``ParentProbedList`` probes from the `forEach`'s parent.
private struct ProbedList: Reducer {
  struct State: Sendable {
    var rows: IdentifiedArrayOf<ProbedRow>
  }

  enum Action: Sendable {
    case add(count: Int)
    case probe(Int)
    case rows(IdentifiedAction<Int, Void>)
  }

  let unshared: Recorder<Bool>

  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .forEach(\.rows, action: ActionPath(embed: Action.rows, extract: { $0.rows })) {
        Reduce<ProbedRow, Void> { row, _ in
          row.value += 1
          return .none
        }
      }
    Reduce { state, action in
      switch action {
      case .add(let count):
        state.rows.append(contentsOf: (0..<count).map { ProbedRow(id: $0) })
      case .probe(let index):
        unshared.record(isKnownUniquelyReferenced(&state.rows[index].probe))
      case .rows:
        break
      }
      return .none
    }
  }
}

/// The same rows, probed by the `forEach`'s parent: it runs while the `forEach` keeps the ids of
/// the rows from before it (to find the ones it removes), and must still change a row in place.
private struct ParentProbedList: Reducer {
  typealias State = ProbedList.State
  typealias Action = ProbedList.Action

  let unshared: Recorder<Bool>

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .add(let count):
        state.rows.append(contentsOf: (0..<count).map { ProbedRow(id: $0) })
      case .probe(let index):
        state.rows[index].value += 1
        unshared.record(isKnownUniquelyReferenced(&state.rows[index].probe))
      case .rows:
        break
      }
      return .none
    }
    .forEach(\.rows, action: ActionPath(embed: Action.rows, extract: { $0.rows })) {
      EmptyReducer<ProbedRow, Void>()
    }
  }
}

extension ProbedList.Action {
  fileprivate var rows: IdentifiedAction<Int, Void>? {
    if case .rows(let action) = self { action } else { nil }
  }
}

/// The store's reducer mutates the state it owns in place: an action costs what it changes, not
/// the size of the state, because the store keeps no second reference to the state it reduces
/// (readers take a snapshot only when they read).
@Suite struct StoreInPlaceMutationTests {
  private static func rowsStore(_ counter: CopyCounter) -> Store<Rows.State, Rows.Action> {
    Store(initialState: Rows.State(rows: CopyCountedRows(count: 1_000, counter: counter))) {
      Rows()
    }
  }

  @Test func anActionMutatesTheStateInPlace() {
    let counter = CopyCounter()
    let store = Self.rowsStore(counter)
    // The store keeps its initial state for a read from inside its reducer, so the first change
    // to a part of the state may copy that part, once.
    store.send(.increment(0))
    counter.reset()
    for index in 0..<100 { store.send(.increment(index)) }
    store.send(.incrementTwiceBySending(999))
    #expect(counter.copies == 0)
    #expect(store.state.total == 103)
    #expect(store.state.rows[0] == 2)
    #expect(store.state.rows[999] == 2)
  }

  @Test func aReaderKeepsTheStateItReadWhileTheStoreMovesOn() {
    let counter = CopyCounter()
    let store = Self.rowsStore(counter)
    store.send(.increment(0))
    counter.reset()
    let read = store.state
    store.send(.increment(0))
    store.send(.increment(0))
    #expect(read.rows[0] == 1)
    #expect(store.state.rows[0] == 3)
    #expect(counter.copies == 1, "copied once, for the reader holding the old state")
  }

  @Test func aScopedObserverSeesEveryChangeWithoutCopyingTheState() async {
    let counter = CopyCounter()
    let store = Self.rowsStore(counter)
    store.send(.increment(0))
    counter.reset()
    let totals = store.scope(state: \.total, action: { $0 })
    var iterator = totals.states.makeAsyncIterator()
    #expect(await iterator.next() == 1)
    for index in 1...50 {
      store.send(.increment(index))
      #expect(await iterator.next() == index + 1)
    }
    #expect(counter.copies == 0)
  }

  @Test func aForEachElementActionLeavesTheListUnshared() {
    let unshared = Recorder<Bool>()
    let store = Store(initialState: ProbedList.State(rows: [])) { ProbedList(unshared: unshared) }
    // Rows added by an action: the store keeps its initial state (for a read from inside its
    // reducer), which would share the rows it was made with.
    store.send(.add(count: 1_000))
    store.send(.rows(.element(id: 0, action: ())))
    for id in [1, 500, 999] {
      store.send(.rows(.element(id: id, action: ())))
      store.send(.probe(id))
    }
    #expect(unshared.all == [true, true, true])
    #expect(store.state.rows.map(\.value).reduce(0, +) == 4)
  }

  @Test func aForEachParentChangesARowInPlace() {
    let unshared = Recorder<Bool>()
    let store = Store(initialState: ParentProbedList.State(rows: [])) {
      ParentProbedList(unshared: unshared)
    }
    store.send(.add(count: 1_000))
    store.send(.probe(0))
    for index in [1, 500, 999] { store.send(.probe(index)) }
    #expect(unshared.all == [true, true, true, true])
    #expect(store.state.rows.map(\.value).reduce(0, +) == 4)
  }

  @Test func aReadFromAnObserverOnTheReducersThreadSeesTheNewState() {
    let parent = Store(initialState: Counter.State()) { Counter() }
    let reads = Recorder<Int>()
    let child = parent.scope(state: { $0.count > 0 ? $0 : nil }, action: { $0 })
    let subscription = child.ifLet { _ in reads.record(parent.state.count) }
    parent.send(.increment)
    #expect(reads.all == [1], "read while the store yields it: the state after the action")
    _ = subscription
  }

  @Test func aReadFromInsideTheReducerIsReportedAndGetsTheInitialState() {
    let reports = Recorder<String>()
    let box = StoreBox()
    let reads = Recorder<Int>()
    let store = Store<Counter.State, Counter.Action>(
      initialState: Counter.State(count: 5),
      reduce: { state, action in
        if action == .decrement, let store = box.store { reads.record(store.state.count) }
        return Counter().reduce(into: &state, action: action)
      },
      reportUnhandled: { message, _, _ in reports.record(message) })
    box.store = store
    store.send(.increment)
    store.send(.decrement)
    #expect(reads.all == [5])
    #expect(store.state.count == 5)
    #expect(reports.all.count == 1)
    #expect(reports.all.first?.contains("from inside the store's own reducer") == true)
  }

  @Test func readsFromOtherThreadsNeverGoBack() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let regressions = Recorder<Int>()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<2 {
        group.addTask { for _ in 0..<5_000 { store.send(.increment) } }
      }
      group.addTask {
        var last = 0
        for _ in 0..<5_000 {
          let count = store.state.count
          if count < last { regressions.record(count) }
          last = count
        }
      }
    }
    #expect(regressions.all.isEmpty)
    #expect(store.state.count == 10_000)
  }
}
