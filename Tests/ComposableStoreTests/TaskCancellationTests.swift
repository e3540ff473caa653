import ComposableSensorsTesting
import ComposableStore
import Testing

/// A feature whose effects cancel each other from inside, with `withTaskCancellation(id:)` and
/// `Task.cancel(id:)`.
private struct Search: Reducer {
  struct State: Equatable, Sendable {
    var results: [String] = []
  }

  enum Action: Equatable, Sendable {
    case query(String)
    case found(String)
    case cancelFromEffect
    case cancelFromReducer
  }

  enum CancelID { case search }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .query(let query):
      return .run { [clock] send in
        try await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
          try await clock.sleep(for: .seconds(1))
          await send(.found(query))
        }
      }
    case .found(let result):
      state.results.append(result)
      return .none
    case .cancelFromEffect:
      return .run { _ in Task.cancel(id: CancelID.search) }
    case .cancelFromReducer:
      return .cancel(id: CancelID.search)
    }
  }
}

@Suite struct TaskCancellationTests {
  @Test func taskCancelStopsAnOperationOutsideAnyStore() async {
    enum CancelID { case task }
    let (started, signal) = AsyncStream.makeStream(of: Void.self)
    let task = Task {
      try await withTaskCancellation(id: CancelID.task) {
        signal.yield()
        try await Task.sleep(for: .seconds(1_000))
      }
    }
    for await _ in started { break }
    Task.cancel(id: CancelID.task)
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func cancellingTheCallerCancelsTheOperation() async {
    let (started, signal) = AsyncStream.makeStream(of: Void.self)
    let task = Task {
      try await withTaskCancellation(id: 0) {
        signal.yield()
        try await Task.sleep(for: .seconds(1_000))
      }
    }
    for await _ in started { break }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func cancelInFlightDebouncesInsideEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) { Search(clock: clock) }
    await store.send(.query("a"))
    await clock.advance(by: .milliseconds(500))
    await store.send(.query("ab"))
    await clock.advance(by: .seconds(1))
    await store.receive(.found("ab")) { $0.results = ["ab"] }
    await store.finish()
  }

  @Test func taskCancelInsideOneEffectStopsAnotherEffectsOperation() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) { Search(clock: clock) }
    await store.send(.query("a"))
    await store.send(.cancelFromEffect).finish()
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func effectCancelStopsAWithTaskCancellationOperation() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) { Search(clock: clock) }
    await store.send(.query("a"))
    await store.send(.cancelFromReducer)
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func idsAreScopedPerStore() async {
    let clock = TestClock()
    let first = Store(initialState: Search.State()) { Search(clock: clock) }
    let second = Store(initialState: Search.State()) { Search(clock: clock) }
    first.send(.query("first"))
    second.send(.query("second"))
    await clock.waitForSleepers(2)
    await second.send(.cancelFromEffect).finish()
    await clock.advance(by: .seconds(1))
    await first.waitForEffects()
    await second.waitForEffects()
    #expect(first.state.results == ["first"])
    #expect(second.state.results == [])
  }

  @Test func taskCancelInsideAnElementStopsThatElementsTimerOnly() async {
    let clock = TestClock()
    let store = TestStore(initialState: Rows.State(rows: [.init(id: 1), .init(id: 2)])) {
      Rows(clock: clock)
    }
    await store.send(.rows(.element(id: 1, action: .start)))
    await store.send(.rows(.element(id: 2, action: .start)))
    await store.send(.rows(.element(id: 1, action: .stopFromEffect))).finish()
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 2, action: .tick))) { $0.rows[id: 2]?.ticks = 1 }
    await store.send(.rows(.element(id: 2, action: .stopFromEffect))).finish()
    await store.finish()
  }
}

/// Rows whose timers stop themselves with `Task.cancel(id:)` from an effect.
private struct Rows: Reducer {
  struct State: Equatable, Sendable {
    var rows: IdentifiedArrayOf<Row.State>
  }

  enum Action: Equatable, Sendable {
    case rows(IdentifiedActionOf<Row>)
  }

  let clock: any Clock<Duration>

  var body: some ReducerOf<Self> {
    Reduce<State, Action> { _, _ in .none }
      .forEach(\.rows, action: Action.rows) { Row(clock: clock) }
  }

  struct Row: Reducer {
    struct State: Equatable, Sendable, Identifiable {
      let id: Int
      var ticks = 0
    }

    enum Action: Equatable, Sendable {
      case start, stopFromEffect, tick
    }

    enum CancelID { case timer }

    let clock: any Clock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { [clock] send in
          try await withTaskCancellation(id: CancelID.timer) {
            while true {
              try await clock.sleep(for: .seconds(1))
              await send(.tick)
            }
          }
        }
      case .stopFromEffect:
        return .run { _ in Task.cancel(id: CancelID.timer) }
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }
}
