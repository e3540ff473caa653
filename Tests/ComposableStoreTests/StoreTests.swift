import ComposableStore
import Testing

@Suite struct StoreTests {
  @Test func sendRunsTheReducerBeforeReturning() {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.increment)
    store.send(.increment)
    store.send(.decrement)
    #expect(store.state.count == 1)
  }

  @Test func sentEffectsAreHandledBeforeSendReturns() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    store.send(.incrementTwiceBySending)
    #expect(store.state.count == 2)
  }

  @Test func runEffectSendsItsActionBack() async {
    let store = Store(initialState: Counter.State(count: 7), reducer: Counter())
    await store.send(.echo).finish()
    #expect(store.state.echoes == [7])
    #expect(store.inFlightEffectCount == 0)
  }
}
