import ComposableSensorsTesting
import ComposableStore
import Testing

@Suite struct StoreScopeTests {
  @Test func aChildStoreSendsThroughTheParentAndReadsItsSlice() {
    let parent = Store(initialState: Parent.State()) { Parent() }
    let child = parent.scope(state: \.counter, action: Parent.Action.counter)
    child.send(.increment)
    #expect(child.state == Counter.State(count: 1))
    #expect(parent.state.counter.count == 1)
    // The parent's own reducer saw the embedded action too.
    child.send(.incrementTwiceBySending)
    #expect(parent.state.counter.count == 3)
  }

  @Test func aChildStoresStatesEmitOnlyWhenTheSliceChanges() async {
    let parent = Store(initialState: Parent.State()) { Parent() }
    let child = parent.scope(state: \.counter, action: Parent.Action.counterPath)
    var states = child.states.makeAsyncIterator()
    #expect(await states.next() == Counter.State())
    parent.send(.toggleVerbose)  // changes the parent only
    parent.send(.toggleVerbose)
    child.send(.increment)
    #expect(await states.next() == Counter.State(count: 1))
    parent.send(.toggleVerbose)
    child.send(.decrement)
    #expect(await states.next() == Counter.State(count: 0))
  }

  @Test func aChildStoreSeesTheParentsEffects() async {
    let parent = Store(initialState: Parent.State()) { Parent() }
    let child = parent.scope(state: \.counter, action: Parent.Action.counter)
    await child.send(.echo).finish()
    #expect(child.state.echoes == [0])
    #expect(parent.state.log == ["parent saw echo 0 after count 0"])
    #expect(child.inFlightEffectCount == 0)
  }

  @Test func scopesCompose() {
    let parent = Store(initialState: Parent.State()) { Parent() }
    let count = parent.scope(state: \.counter, action: Parent.Action.counter)
      .scope(state: \.count, action: { (_: Void) in Counter.Action.increment })
    count.send(())
    count.send(())
    #expect(count.state == 2)
  }
}
