import ComposableSensorsTesting
import ComposableStore
import SensorsTestSupport
import Synchronization
import Testing

/// A timer that ticks every second once started: TCA's `Timer` from
/// `testAutomaticEffectCancellation` (ForEachReducerTests), with the clock as an argument.
private struct Ticker: Reducer {
  struct State: Equatable, Sendable, Identifiable {
    let id: Int
    var elapsed = 0
  }

  enum Action: Equatable, Sendable {
    case startButtonTapped
    case tick
  }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startButtonTapped:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.elapsed += 1
      return .none
    }
  }
}

/// TCA's `Timers`: a list of tickers whose effects end when their row is removed.
private struct Tickers: Reducer {
  struct State: Equatable, Sendable {
    var timers: IdentifiedArrayOf<Ticker.State> = []
    var nextID = 0
  }

  enum Action: Equatable, Sendable {
    case addTimerButtonTapped
    case removeLastTimerButtonTapped
    case timers(IdentifiedActionOf<Ticker>)
  }

  let clock: any Clock<Duration>

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addTimerButtonTapped:
        state.timers.append(Ticker.State(id: state.nextID))
        state.nextID += 1
      case .removeLastTimerButtonTapped:
        if !state.timers.isEmpty { state.timers.remove(at: state.timers.count - 1) }
      case .timers:
        break
      }
      return .none
    }
    .forEach(\.timers, action: Action.timers) { Ticker(clock: clock) }
  }
}

@Suite struct SerialTestExecutorTests {
  /// TCA's `testAutomaticEffectCancellation`, step for step: two timers due at the same instant
  /// tick in the order they started, and removing a row ends its timer.
  static func automaticEffectCancellation() async {
    let clock = TestClock()
    let store = TestStore(initialState: Tickers.State()) { Tickers(clock: clock) }
    await store.send(.addTimerButtonTapped) {
      $0.timers = [Ticker.State(id: 0)]
      $0.nextID = 1
    }
    await store.send(.timers(.element(id: 0, action: .startButtonTapped)))
    await clock.advance(by: .seconds(2))
    await store.receive(.timers(.element(id: 0, action: .tick))) { $0.timers[id: 0]?.elapsed = 1 }
    await store.receive(.timers(.element(id: 0, action: .tick))) { $0.timers[id: 0]?.elapsed = 2 }
    await store.send(.addTimerButtonTapped) {
      $0.timers.append(Ticker.State(id: 1))
      $0.nextID = 2
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(.element(id: 0, action: .tick))) { $0.timers[id: 0]?.elapsed = 3 }
    await store.send(.timers(.element(id: 1, action: .startButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(.element(id: 0, action: .tick))) { $0.timers[id: 0]?.elapsed = 4 }
    await store.receive(.timers(.element(id: 1, action: .tick))) { $0.timers[id: 1]?.elapsed = 1 }
    await store.send(.removeLastTimerButtonTapped) { $0.timers.remove(id: 1) }
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(.element(id: 0, action: .tick))) { $0.timers[id: 0]?.elapsed = 5 }
    await store.send(.removeLastTimerButtonTapped) { $0.timers = [] }
    await store.finish()
  }

  @Test func automaticEffectCancellationAsInTCA() async {
    await Self.automaticEffectCancellation()
  }

  @Test(.tags(.stress)) func automaticEffectCancellationPassesTwoHundredRuns() async {
    for _ in 1...200 { await Self.automaticEffectCancellation() }
  }

  /// Two effects sleeping until the same instant: the one that began sleeping first runs first,
  /// and runs until it waits again before the second wakes.
  static func sameDeadlineSleepers() async {
    let clock = TestClock()
    let order = Order()
    let store = TestStore(initialState: Log.State()) { Log(clock: clock, order: order) }
    await store.send(.start("first"))
    await store.send(.start("second"))
    await clock.advance(by: .seconds(1))
    await store.receive(.woke("first")) { $0.woken = ["first"] }
    await store.receive(.woke("second")) { $0.woken = ["first", "second"] }
    #expect(order.events.withLock { $0 } == ["first", "first done", "second", "second done"])
    await store.finish()
  }

  @Test func sameDeadlineSleepersWakeInTheOrderTheyBegan() async {
    await Self.sameDeadlineSleepers()
  }

  @Test(.tags(.stress)) func sameDeadlineSleepersPassTwoHundredRuns() async {
    for _ in 1...200 { await Self.sameDeadlineSleepers() }
  }

  @Test func sendReturnsOnceTheEffectsItStartedWait() async {
    let clock = TestClock()
    let store = TestStore(initialState: Tickers.State(timers: [Ticker.State(id: 0)], nextID: 1)) {
      Tickers(clock: clock)
    }
    await store.send(.timers(.element(id: 0, action: .startButtonTapped)))
    // No yield, no wait: the effect already sleeps on the clock.
    #expect(clock.sleeperCount == 1)
    await store.send(.removeLastTimerButtonTapped) { $0.timers = [] }
    #expect(clock.sleeperCount == 0)
    await store.finish()
  }

  @Test func jobsRunOneAtATimeInOrder() async {
    let executor = SerialTestExecutor()
    let log = Order()
    await withSerialExecutor(executor) {
      await withTaskGroup(of: Void.self) { group in
        for index in 0..<50 {
          group.addTask { log.events.withLock { $0.append("\(index)") } }
        }
      }
    }
    #expect(log.events.withLock { $0 } == (0..<50).map { "\($0)" })
    #expect(executor.isIdle)
  }

  @Test func aTestStoreInsideWithSerialExecutorUsesItsExecutor() async {
    let executor = SerialTestExecutor()
    await withSerialExecutor(executor) {
      let store = TestStore(initialState: Tickers.State()) { Tickers(clock: TestClock()) }
      #expect(store.executor === executor)
      #expect(SerialTestExecutor.current === executor)
    }
    #expect(SerialTestExecutor.current == nil)
  }

  @Test func waitUntilIdleReturnsAtOnceOnAnIdleExecutor() async {
    let executor = SerialTestExecutor()
    #expect(executor.isIdle)
    await executor.waitUntilIdle()
    #expect(executor.isIdle)
  }

  @Test func turnedOffEffectsRunOnThePoolAndStillPass() async {
    let clock = TestClock()
    let store = TestStore(initialState: Tickers.State(timers: [Ticker.State(id: 0)], nextID: 1)) {
      Tickers(clock: clock)
    }
    store.useSerialExecutor = false
    await store.send(.timers(.element(id: 0, action: .startButtonTapped)))
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(.element(id: 0, action: .tick))) { $0.timers[id: 0]?.elapsed = 1 }
    await store.send(.removeLastTimerButtonTapped) { $0.timers = [] }
    await store.finish()
  }
}

/// Records the order in which its effects wake and finish.
private struct Log: Reducer {
  struct State: Equatable, Sendable {
    var woken: [String] = []
  }

  enum Action: Equatable, Sendable {
    case start(String)
    case woke(String)
  }

  let clock: any Clock<Duration>
  let order: Order

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start(let name):
      return .run { [clock, order] send in
        try await clock.sleep(for: .seconds(1))
        order.events.withLock { $0.append(name) }
        await send(.woke(name))
        order.events.withLock { $0.append("\(name) done") }
      }
    case .woke(let name):
      state.woken.append(name)
      return .none
    }
  }
}

/// What the sleepers did, in order.
private final class Order: Sendable {
  let events = Mutex<[String]>([])
}
