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
    let headings = ScriptedStream<Double>()
    let store = TestStore(initialState: Compass.State()) {
      Compass(headings: { headings.stream })
    }
    await store.send(.start)
    await headings.waitForConsumer()
    headings.yield(1.5)
    await store.receive(.heading(1.5)) { $0.headings = [1.5] }
    headings.yield(2.5)
    await store.receive(.heading(2.5)) { $0.headings = [1.5, 2.5] }
    headings.finish()
    await store.receive(.finished) { $0.finished = true }
    await store.finish()
  }

  @Test func cancellingTheEffectReleasesTheScriptedStream() async {
    let headings = ScriptedStream<Double>()
    let store = TestStore(initialState: Compass.State()) {
      Compass(headings: { headings.stream })
    }
    await store.send(.start)
    await headings.waitForConsumer()
    await store.send(.stop)
    await store.finish()
    #expect(headings.isCancelled)
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func skipReceivedActionsAdoptsTheirState() async {
    let store = TestStore(initialState: Counter.State(count: 1)) { Counter() }
    await store.send(.echoTwice).finish()
    await store.skipReceivedActions(strict: true)
    #expect(store.state.echoes == [1, 2])
    await store.finish()
  }

  @Test func assertionClosuresSeeTheStateBeforeTheAction() async {
    let store = TestStore(initialState: Counter.State(count: 1)) { Counter() }
    await store.send(.increment) {
      #expect(store.state.count == 1)
      $0.count = 2
    }
    #expect(store.state.count == 2)
    await store.send(.echo)
    await store.receive(.echoed(2)) {
      #expect(store.state.echoes == [])
      $0.echoes = [2]
    }
    #expect(store.state.echoes == [2])
    await store.finish()
  }

  @Test func skipInFlightEffectsStopsTrackingWithoutCancelling() async {
    let headings = ScriptedStream<Double>()
    let store = TestStore(initialState: Compass.State()) {
      Compass(headings: { headings.stream })
    }
    await store.send(.start)
    await headings.waitForConsumer()
    await store.skipInFlightEffects(strict: true)
    #expect(store.inFlightEffectCount == 0)
    #expect(!headings.isCancelled, "skipped, not cancelled: the compass still follows the sensor")
    headings.yield(90)
    await store.receive(.heading(90)) { $0.headings = [90] }
    // `finish` no longer waits for the skipped effect (it would time out and fail otherwise).
    await store.finish()
    #expect(!headings.isCancelled)
    await store.send(.stop)
    #expect(headings.isCancelled)
  }

  @Test func releasingTheStoreCancelsSkippedEffects() async {
    let headings = ScriptedStream<Double>()
    do {
      let store = TestStore(initialState: Compass.State()) {
        Compass(headings: { headings.stream })
      }
      await store.send(.start)
      await headings.waitForConsumer()
      await store.skipInFlightEffects()
    }
    for _ in 0..<1000 where !headings.isCancelled { await Task.yield() }
    #expect(headings.isCancelled)
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
