import ComposableStore
import Synchronization
import Testing

/// Sets an optional count; `.increment` adds one to it when present.
private struct OptionalCounter: Reducer {
  struct State: Equatable, Sendable {
    var count: Int?
  }

  enum Action: Equatable, Sendable {
    case set(Int?)
    case increment
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .set(let count): state.count = count
    case .increment: state.count? += 1
    }
    return .none
  }
}

/// `Store.ifLet(then:else:)`, as TCA's `StoreTests` pin it (`testIfLetAfterScope`,
/// `testIfLetTwo`).
@Suite struct StoreIfLetTests {
  @Test func thenAndElseRunWhenTheStateAppearsAndDisappears() {
    let parent = Store(initialState: OptionalCounter.State()) { OptionalCounter() }
    let outputs = Mutex<[Int?]>([])
    let stores = Mutex<[Store<Int, OptionalCounter.Action>]>([])
    let subscription = parent.scope(state: \.count, action: { $0 })
      .ifLet { store in
        stores.withLock { $0.append(store) }
        outputs.withLock { $0.append(store.state) }
      } else: {
        outputs.withLock { $0.append(nil) }
      }
    #expect(outputs.withLock { $0 } == [nil], "the current state, at once")
    parent.send(.set(1))
    #expect(outputs.withLock { $0 } == [nil, 1])
    parent.send(.set(nil))
    #expect(outputs.withLock { $0 } == [nil, 1, nil])
    parent.send(.set(1))
    #expect(outputs.withLock { $0 } == [nil, 1, nil, 1])
    parent.send(.set(2))
    #expect(outputs.withLock { $0 } == [nil, 1, nil, 1], "a new value alone calls neither")
    #expect(stores.withLock { $0.last?.state } == 2, "the child store reads the value now")
    subscription.cancel()
  }

  @Test func theChildStoreSendsToTheParentAndKeepsTheLastValue() {
    let parent = Store(initialState: OptionalCounter.State(count: 0)) { OptionalCounter() }
    let child = Mutex<Store<Int, OptionalCounter.Action>?>(nil)
    let subscription = parent.scope(state: \.count, action: { $0 })
      .ifLet { store in
        store.send(.increment)
        child.withLock { $0 = store }
      }
    #expect(parent.state.count == 1, "a send from inside then reaches the parent")
    let store = child.withLock { $0 }
    store?.send(.increment)
    #expect(store?.state == 2)
    parent.send(.set(nil))
    #expect(store?.state == 2, "the last wrapped value once the state is nil")
    _ = subscription
  }

  @Test func aCancelledOrReleasedSubscriptionCallsNothingMore() {
    let parent = Store(initialState: OptionalCounter.State()) { OptionalCounter() }
    let calls = Mutex(0)
    let subscription = parent.scope(state: \.count, action: { $0 })
      .ifLet { _ in
        calls.withLock { $0 += 1 }
      } else: {
        calls.withLock { $0 += 1 }
      }
    subscription.cancel()
    subscription.cancel()
    parent.send(.set(1))
    #expect(calls.withLock { $0 } == 1, "only the first, for the state when subscribing")

    var released: StoreSubscription? = parent.scope(state: \.count, action: { $0 })
      .ifLet { _ in
        calls.withLock { $0 += 1 }
      } else: {
        calls.withLock { $0 += 1 }
      }
    #expect(calls.withLock { $0 } == 2)
    released = nil
    parent.send(.set(nil))
    #expect(released == nil && calls.withLock { $0 } == 2)
  }
}
