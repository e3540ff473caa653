import ComposableSensorsTesting
import Testing

@testable import ComposableStore

/// A scoped store is a ``ScopedCore`` over its parent: no reducer, state or effect registry of
/// its own, and every effect question (how many run, wait for them, cancel them) is the root's.
@Suite struct ScopedCoreTests {
  @Test func scopingAllocatesNoRootCore() {
    let parent = Store(initialState: Parent.State()) { Parent() }
    let child = parent.scope(state: \.counter, action: Parent.Action.counter)
    let grandchild = child.scope(state: \.count, action: { (_: Void) in .increment })
    let root = parent.root.map { $0 as AnyObject }
    #expect(root != nil)
    #expect(parent.core === root, "a root store's core is its root core")
    #expect(child.root == nil && grandchild.root == nil, "no reducer, state or machine")
    #expect(child.core is ScopedCore<Parent.State, Parent.Action, Counter.State, Counter.Action>)
    #expect(child.core.effects === root, "the child's effects are the root's")
    #expect(grandchild.core.effects === root, "at every depth")
  }

  @Test func cancellingAScopesEffectsCancelsTheRootsEffects() async {
    let clock = TestClock()
    let ended = Latch()
    let ticker = Store(initialState: Ticker.State()) { Ticker(clock: clock, ended: ended) }
    let ticks = ticker.scope(state: \.ticks, action: { (_: Void) in Ticker.Action.start })
    ticks.send(())
    await clock.advance(by: .seconds(2))
    #expect(ticks.state == 2)
    #expect(ticks.inFlightEffectCount == 1, "the root's effect")
    ticks.cancelAllEffects()
    await ticks.waitForEffects()
    #expect(ended.isOpen, "the root's effect task really ended")
    #expect(ticker.inFlightEffectCount == 0)
  }

  @Test func waitingOnAScopeWaitsForTheRootsEffects() async {
    let clock = TestClock()
    let ticker = Store(initialState: Ticker.State()) { Ticker(clock: clock, ended: Latch()) }
    let ticks = ticker.scope(state: \.ticks, action: { (_: Void) in Ticker.Action.start })
    ticks.send(())
    // Returns only once the timer, which runs until stopped, has ended.
    let waiter = Task {
      await ticks.waitForEffects()
      return ticks.state
    }
    await clock.advance(by: .seconds(3))
    ticker.send(.stop)
    #expect(await waiter.value == 3, "waited through three ticks, until the stop")
  }
}

/// A feature whose effect runs a `withTaskCancellation(id:)` operation until cancelled.
private struct Operation: Reducer {
  enum Action: Sendable {
    case start
    case stop
  }

  enum CancelID { case operation }

  let clock: TestClock

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [clock] _ in
        try await withTaskCancellation(id: CancelID.operation) {
          try await clock.sleep(for: .seconds(1_000))
        }
      }
    case .stop:
      return .cancel(id: CancelID.operation)
    }
  }
}

/// Effects and `withTaskCancellation(id:)` operations share one registry, inside the store's core.
@Suite struct RootCoreCancellationTests {
  @Test func anEffectsOperationIsRegisteredInItsStoresCoreOnly() async throws {
    let clock = TestClock()
    let store = Store(initialState: 0) { Operation(clock: clock) }
    let id = AnyHashableSendable(Operation.CancelID.operation)
    let root = try #require(store.root)
    store.send(.start)
    await clock.waitForSleepers(1)
    #expect(root.machine.withLock { $0.count(id: id) } == 1)
    #expect(ProcessCancellations.shared.count(id: id) == 0, "not the process's registry")
    store.send(.stop)
    #expect(root.machine.withLock { $0.count(id: id) } == 0, "cancelled and forgotten at once")
    await store.waitForEffects()
    #expect(store.inFlightEffectCount == 0)
  }
}
