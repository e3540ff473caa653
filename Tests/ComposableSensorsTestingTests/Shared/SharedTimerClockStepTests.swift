import ComposableSensorsTesting
import ComposableStore
import Testing

/// A feature whose timer effect counts into `@Shared` state, as an app keeps a shared counter,
/// driven through the `TestStore` with its clock moved in one big step and in many small ones:
/// the shared value and the received ticks must agree either way.
@Suite struct SharedTimerClockStepTests {
  @Test(arguments: [false, true])
  func oneBigAdvanceDeliversEveryTick(countsInEffect: Bool) async {
    let clock = TestClock()
    let store = TestStore(initialState: SharedTimer.State(count: Shared(0))) {
      SharedTimer(countsInEffect: countsInEffect)
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTimer)
    await clock.advance(by: .seconds(5))
    for tick in 1...5 {
      await store.receive(.timerTick) { $0.count = tick }
    }
    await store.send(.stopTimer)
    await clock.advance(by: .seconds(1))
    if countsInEffect { store.assert { $0.count = 42 } }
  }

  @Test(arguments: [false, true])
  func manySmallAdvancesDeliverEachTickOnTime(countsInEffect: Bool) async {
    let clock = TestClock()
    let store = TestStore(initialState: SharedTimer.State(count: Shared(0))) {
      SharedTimer(countsInEffect: countsInEffect)
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTimer)
    for tick in 1...5 {
      for _ in 0..<9 { await clock.advance(by: .milliseconds(100)) }
      // 900 ms into the second: no tick yet.
      #expect(store.state.count == tick - 1)
      await clock.advance(by: .milliseconds(100))
      await store.receive(.timerTick) { $0.count = tick }
    }
    await store.send(.stopTimer)
    for _ in 0..<10 { await clock.advance(by: .milliseconds(100)) }
    if countsInEffect { store.assert { $0.count = 42 } }
  }
}
