import ComposableStore

/// A list row: an `Identifiable` element, and the same fields identified by a key path.
struct BenchRow: Identifiable, Sendable {
  var id: Int
  var value: Int
  var name: String
}

struct KeyedRow: Sendable {
  var serial: Int
  var value: Int
  var name: String
}

/// Increments its row: the element reducer of the `forEach` figure.
struct BenchRowFeature: Reducer {
  enum Action: Sendable { case increment }

  func reduce(into state: inout BenchRow, action: Action) -> Effect<Action> {
    state.value &+= 1
    return .none
  }
}

/// A list of rows composed with `forEach`, with its action path spelled out (no reflection).
struct BenchList: Reducer {
  struct State: Sendable {
    var title = "rows"
    var rows: IdentifiedArrayOf<BenchRow>
  }

  enum Action: Sendable { case rows(IdentifiedActionOf<BenchRowFeature>) }

  static let rows = ActionPath<Action, IdentifiedActionOf<BenchRowFeature>>(
    embed: Action.rows, extract: { if case .rows(let action) = $0 { action } else { nil } })

  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .forEach(\.rows, action: BenchList.rows) { BenchRowFeature() }
  }
}

/// Nanoseconds of the calling thread's CPU time per operation: the best of 5 passes, each
/// running `body` (which does `operations` operations) `repetitions` times.
func nanoseconds(_ operations: Int, repetitions: Int, _ body: () -> Void) -> Double {
  var best = Double.infinity
  for _ in 0..<5 {
    let start = ThreadCPUTime.now
    for _ in 0..<repetitions { body() }
    best = min(best, (ThreadCPUTime.now - start) / Double(operations * repetitions) * 1e9)
  }
  return best
}

/// The per-operation costs of section 5, on 1,000 rows.
func identifiedArrayFigures() {
  let count = 1_000
  let rows = (0..<count).map { BenchRow(id: $0, value: 0, name: "row \($0)") }
  var array = IdentifiedArrayOf<BenchRow>(uniqueElements: rows)
  var plain = rows
  var keyed = IdentifiedArray(
    uniqueElements: rows.map { KeyedRow(serial: $0.id, value: 0, name: $0.name) }, id: \.serial)
  var sum = 0
  func figure(_ label: String, _ value: Double) { row(label, String(format1: value) + " ns") }
  figure(
    "Reference: Array, rows[i].value += 1",
    nanoseconds(count, repetitions: 1_000) { for i in 0..<count { plain[i].value &+= 1 } })
  figure(
    "rows[i].value += 1",
    nanoseconds(count, repetitions: 1_000) { for i in 0..<count { array[i].value &+= 1 } })
  figure(
    "rows[i].value += 1, identified by \\.serial",
    nanoseconds(count, repetitions: 1_000) { for i in 0..<count { keyed[i].value &+= 1 } })
  figure(
    "rows[id: id]?.value (read)",
    nanoseconds(count, repetitions: 1_000) {
      for id in 0..<count { sum &+= array[id: id]?.value ?? 0 }
    })
  figure(
    "rows[id: id]?.value += 1",
    nanoseconds(count, repetitions: 1_000) { for id in 0..<count { array[id: id]?.value &+= 1 } })
  figure(
    "updateOrAppend (id present)",
    nanoseconds(count, repetitions: 1_000) { for row in rows { array.updateOrAppend(row) } })
  figure(
    "remove(id:) of the first row, then append it",
    nanoseconds(1, repetitions: 2_000) {
      if let first = array.remove(id: array[0].id) { array.append(first) }
    })
  let store = Store(initialState: BenchList.State(rows: IdentifiedArray(rows.prefix(10)))) {
    BenchList()
  }
  figure(
    "Store + forEach over 10 rows: element action",
    nanoseconds(10, repetitions: 20_000) {
      for id in 0..<10 { store.send(.rows(.element(id: id, action: .increment))) }
    })
  // The same action on a state of 1,000 rows: its cost should not grow with the rows it leaves
  // alone (the store mutates its state in place).
  let large = Store(initialState: BenchList.State(rows: IdentifiedArray(uniqueElements: rows))) {
    BenchList()
  }
  figure(
    "Store + forEach over 1,000 rows: element action",
    nanoseconds(10, repetitions: 2_000) {
      for id in stride(from: 0, to: count, by: 100) {
        large.send(.rows(.element(id: id, action: .increment)))
      }
    })
  precondition(sum >= 0 && array.count == count && plain.count == count && keyed.count == count)
}
