import ComposableSensorsTesting
import ComposableStore
import Testing

/// Releasing a store cancels every effect it started: no task outlives it.
@Suite struct LifetimeTests {
  @Test func releasingTheStoreEndsItsEffectTasks() async {
    let clock = TestClock()
    let ended = Latch()
    var store: Store? = Store(initialState: Ticker.State()) { Ticker(clock: clock, ended: ended) }
    let task = store?.send(.start)
    await clock.advance(by: .seconds(3))
    #expect(store?.state.ticks == 3)
    store = nil
    #expect(await ended.wait(), "the effect's defer ran")
    await task?.finish()  // returns only because the task really ended
    #expect(clock.sleeperCount == 0)
  }

  @Test func anEffectDoesNotKeepItsStoreAlive() async {
    let clock = TestClock()
    let ended = Latch()
    weak var weakStore: Store<Ticker.State, Ticker.Action>?
    do {
      let store = Store(initialState: Ticker.State()) { Ticker(clock: clock, ended: ended) }
      weakStore = store
      store.send(.start)
      await clock.advance(by: .zero)
    }
    #expect(weakStore == nil)
    #expect(await ended.wait())
  }

  @Test func statesFinishWhenTheStoreIsReleased() async {
    var store: Store? = Store(initialState: Counter.State()) { Counter() }
    let states = store?.states
    store = nil
    var seen: [Int] = []
    if let states {
      for await state in states { seen.append(state.count) }
    }
    #expect(seen == [0])
  }

  @Test func aStreamReadByAnEffectIsReleasedWithTheStore() async {
    let samples = ScriptedStream<Double>()
    var store: Store? = Store(initialState: Listener.State()) {
      Listener(samples: { samples.stream })
    }
    store?.send(.start)
    await samples.waitForConsumer()
    samples.yield(1)
    store = nil
    for _ in 0..<1000 where !samples.isCancelled { await Task.yield() }
    #expect(samples.isCancelled)
  }
}
