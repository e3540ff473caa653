import ComposableSensorsTesting
import ComposableStore
import Testing

/// A sensor row whose state is not `Identifiable`: the list identifies rows by `\.serial`, as
/// TCA's `IdentifiedArray<ID, Element>` allows.
private struct SensorRow: Reducer {
  struct State: Equatable, Sendable {
    var serial: String
    var samples = 0
  }

  enum Action: Equatable, Sendable {
    /// Takes one sample after a second on the clock.
    case measure
    case sample
  }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    guard action == .measure else {
      state.samples += 1
      return .none
    }
    return .run { [clock] send in
      try await clock.sleep(for: .seconds(1))
      await send(.sample)
    }
  }
}

private struct SensorList: Reducer {
  struct State: Equatable, Sendable {
    var rows = IdentifiedArray<String, SensorRow.State>(id: \.serial)
  }

  enum Action: Equatable, Sendable {
    case plugged(serial: String)
    case unplugged(serial: String)
    case rows(IdentifiedAction<String, SensorRow.Action>)
  }

  let clock: any Clock<Duration>

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .plugged(let serial): state.rows.append(SensorRow.State(serial: serial))
      case .unplugged(let serial): state.rows.remove(id: serial)
      case .rows: break
      }
      return .none
    }
    .forEach(\.rows, action: Action.rows) { SensorRow(clock: clock) }
  }
}

@Suite struct ForEachKeyPathTests {
  private func rows(_ serials: String...) -> IdentifiedArray<String, SensorRow.State> {
    IdentifiedArray(uniqueElements: serials.map { SensorRow.State(serial: $0) }, id: \.serial)
  }

  @Test func routesAnElementActionByTheKeyPathsID() async {
    let store = TestStore(initialState: SensorList.State(rows: rows("A1", "B2"))) {
      SensorList(clock: TestClock())
    }
    await store.send(.rows(.element(id: "B2", action: .sample))) {
      $0.rows[id: "B2"]?.samples = 1
    }
    await store.send(.plugged(serial: "C3")) {
      $0.rows.append(SensorRow.State(serial: "C3"))
    }
    await store.send(.rows(.element(id: "C3", action: .sample))) {
      $0.rows[id: "C3"]?.samples = 1
    }
  }

  @Test func removingAnElementCancelsItsEffectsOnly() async {
    let clock = TestClock()
    let store = TestStore(initialState: SensorList.State(rows: rows("A1", "B2"))) {
      SensorList(clock: clock)
    }
    await store.send(.rows(.element(id: "A1", action: .measure)))
    await store.send(.rows(.element(id: "B2", action: .measure)))
    await store.send(.unplugged(serial: "A1")) { $0.rows = self.rows("B2") }
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: "B2", action: .sample))) {
      $0.rows[id: "B2"]?.samples = 1
    }
    await store.finish()
  }

  @Test func anActionForAMissingSerialIsDroppedWithAWarning() {
    let store = Store(initialState: SensorList.State(rows: rows("A1"))) {
      SensorList(clock: TestClock())
    }
    let warnings = collectingRuntimeWarnings {
      store.send(.rows(.element(id: "Z9", action: .sample)))
    }
    #expect(store.state == SensorList.State(rows: rows("A1")))
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("received an action for a missing element") == true)
  }
}
