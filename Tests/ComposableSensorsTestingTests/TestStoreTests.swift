import ComposableSensorsTesting
import ComposableStore
import Testing

@Suite struct TestStoreTests {
  @Test func sendAndReceiveDescribeEveryChange() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.echo)
    await store.receive(.echoed(1)) { $0.echoes = [1] }
    await store.finish()
    #expect(store.state == Counter.State(count: 1, echoes: [1]))
  }

  @Test func effectErrorsReachTheCatchHandler() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.fail)
    await store.receive(.failed("sensor went away"))
    await store.finish()
  }

  @Test func receiveWhereMatchesByPredicate() async {
    let store = TestStore(initialState: Counter.State(count: 4)) { Counter() }
    await store.send(.echo)
    let isEcho: (Counter.Action) -> Bool = { if case .echoed = $0 { true } else { false } }
    await store.receive(where: isEcho) { $0.echoes = [4] }
    await store.finish()
  }

  @Test func debounceDeliversOnlyTheLastQuery() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) { Search(clock: clock) }
    await store.send(.queryChanged("g")) { $0.query = "g" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("gp")) { $0.query = "gp" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("gps")) { $0.query = "gps" }
    await clock.advance(by: .milliseconds(299))
    #expect(store.receivedActions.isEmpty)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.search("gps")) { $0.searches = ["gps"] }
    await store.finish()
  }

  @Test func scriptedStreamDrivesAnEffectStepByStep() async {
    let samples = ScriptedStream<Double>()
    let store = TestStore(initialState: Listener.State()) {
      Listener(samples: { samples.stream })
    }
    await store.send(.start)
    await samples.waitForConsumer()
    samples.yield(1.5)
    await store.receive(.sample(1.5)) { $0.samples = [1.5] }
    samples.yield(2.5)
    await store.receive(.sample(2.5)) { $0.samples = [1.5, 2.5] }
    samples.finish()
    await store.receive(.finished) { $0.finished = true }
    await store.finish()
  }

  @Test func cancellingTheEffectReleasesTheScriptedStream() async {
    let samples = ScriptedStream<Double>()
    let store = TestStore(initialState: Listener.State()) {
      Listener(samples: { samples.stream })
    }
    await store.send(.start)
    await samples.waitForConsumer()
    await store.send(.stop)
    await store.finish()
    #expect(samples.isCancelled)
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func nonExhaustiveStoreChecksOnlyWhatItMentions() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.exhaustivity = .off
    await store.send(.increment)
    await store.send(.increment) { $0.count = 2 }
    await store.send(.echoTwice)
    await store.receive(.echoed(3)) { $0.echoes = [2, 3] }
    #expect(store.state.echoes == [2, 3])
  }

  @Test func skipReceivedActionsAdoptsTheirState() async {
    let store = TestStore(initialState: Counter.State(count: 1)) { Counter() }
    await store.send(.echoTwice).finish()
    await store.skipReceivedActions(strict: true)
    #expect(store.state.echoes == [1, 2])
    await store.finish()
  }

  @Test func skipInFlightEffectsCancelsLongLivedOnes() async {
    let samples = ScriptedStream<Double>()
    let store = TestStore(initialState: Listener.State()) {
      Listener(samples: { samples.stream })
    }
    await store.send(.start)
    await samples.waitForConsumer()
    await store.skipInFlightEffects(strict: true)
    #expect(store.inFlightEffectCount == 0)
    #expect(samples.isCancelled)
  }

  @Test func taskFinishWaitsForTheActionsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) { Search(clock: clock) }
    let task = await store.send(.queryChanged("imu")) { $0.query = "imu" }
    await clock.advance(by: .milliseconds(300))
    await task.finish()
    await store.receive(.search("imu")) { $0.searches = ["imu"] }
  }

  @Test func taskCancelStopsTheActionsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) { Search(clock: clock) }
    let task = await store.send(.queryChanged("imu")) { $0.query = "imu" }
    await task.cancel()
    #expect(task.isCancelled)
    await clock.run()
    await store.finish()
  }
}

@Suite struct TestStoreEndingTests {
  @Test func aTestMayEndRightAfterReceivingTheLastAction() async {
    // No `finish()`: the store is released while the echo effect is still returning.
    for _ in 0..<50 {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      await store.send(.echo)
      await store.receive(.echoed(0)) { $0.echoes = [0] }
    }
  }
}
