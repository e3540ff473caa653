import ComposableStore
import Synchronization
import Testing

/// Reads `\.full.value` in its reducer (into `read`), in a store it sends to synchronously, and
/// inside `withDependencies` in the reducer: what a store's per-thread binding must get right.
private struct Prober: Reducer {
  struct State: Equatable, Sendable {
    var read: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case read
    case readThrough(Store<State, Action>)
    case readOverridden(Int)
    case readInEffect
    case got(Int)

    static func == (lhs: Action, rhs: Action) -> Bool {
      switch (lhs, rhs) {
      case (.read, .read), (.readInEffect, .readInEffect): true
      case (.readThrough(let lhs), .readThrough(let rhs)): lhs === rhs
      case (.readOverridden(let lhs), .readOverridden(let rhs)): lhs == rhs
      case (.got(let lhs), .got(let rhs)): lhs == rhs
      default: false
      }
    }
  }

  @Dependency(\.full.value) var value

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .read:
      state.read.append(value)
    case .readThrough(let other):
      state.read.append(value)
      other.send(.read)
      state.read.append(value)
    case .readOverridden(let override):
      withDependencies {
        $0.full.value = override
      } operation: {
        state.read.append(value)
      }
      state.read.append(value)
    case .readInEffect:
      return .run { send in
        await Task.yield()
        await send(.got(value))
      }
    case .got(let value):
      state.read.append(value)
    }
    return .none
  }
}

/// How a store binds its dependencies for each action: per thread, for the synchronous extent of
/// the reducer, and correct under nesting, reentrancy and concurrency.
@Suite struct DependencyBindingTests {
  private func store(_ value: Int) -> Store<Prober.State, Prober.Action> {
    Store(initialState: Prober.State()) {
      Prober()
    } withDependencies: {
      $0.full.value = value
    }
  }

  @Test func aStoreSentToFromAnotherStoresReducerReadsItsOwnValues() {
    let outer = store(10)
    let inner = store(20)
    outer.send(.readThrough(inner))
    #expect(outer.state.read == [10, 10], "the outer store's values again after the inner send")
    #expect(inner.state.read == [20])
  }

  @Test func aStoreMadeInNoScopeReadsTheValuesOfTheStoreThatSendsToIt() {
    let outer = store(10)
    let unscoped = Store(initialState: Prober.State()) { Prober() }
    outer.send(.readThrough(unscoped))
    unscoped.send(.read)
    #expect(unscoped.state.read == [10, 3], "the sender's values, then the test default")
  }

  @Test func withDependenciesInsideAReducerOverridesForItsOperationOnly() {
    let scoped = store(10)
    scoped.send(.readOverridden(11))
    #expect(scoped.state.read == [11, 10])
  }

  @Test func anEffectKeepsTheValuesOfTheStoreThatStartedIt() async {
    let scoped = store(10)
    await scoped.send(.readInEffect).finish()
    #expect(scoped.state.read == [10])
  }

  @Test func oneReducerInTwoStoresReadsEachStoresValues() {
    // The two stores share the wrapper's memo: what it remembers for the first store's scope
    // must not leak into the second.
    let reducer = Prober()
    let first = Store(initialState: Prober.State()) {
      reducer
    } withDependencies: {
      $0.full.value = 1
    }
    let second = Store(initialState: Prober.State()) {
      reducer
    } withDependencies: {
      $0.full.value = 2
    }
    for _ in 0..<3 {
      first.send(.read)
      second.send(.read)
    }
    #expect(first.state.read == [1, 1, 1])
    #expect(second.state.read == [2, 2, 2])
  }

  @Test func nothingIsLeftBoundAfterAStoreReturns() {
    let scoped = store(10)
    scoped.send(.read)
    @Dependency(\.full.value) var value
    #expect(value == 3, "the test default, not the store's value")
    #expect(DependencyValues.current.full.value == 3)
  }

  @Test func storesSentToFromManyThreadsAtOnceEachReadTheirOwnValues() async {
    let stores = (0..<4).map { store(100 + $0) }
    let sends = 500
    await withTaskGroup(of: Void.self) { group in
      for (index, store) in stores.enumerated() {
        for _ in 0..<2 {
          group.addTask {
            // Each sender binds other values around its sends: the store's own win.
            withDependencies {
              $0.full.value = -index
            } operation: {
              for _ in 0..<sends { store.send(.read) }
            }
          }
        }
      }
    }
    for (index, store) in stores.enumerated() {
      let read = store.state.read
      #expect(read.count == 2 * sends)
      #expect(read.allSatisfy { $0 == 100 + index })
    }
  }

  @Test func oneReducerReadsItsHomeAndEachStoresValuesInAnyOrder() {
    // Made in no scope: its home is the test default; the first store's scope and the others
    // are remembered apart (lock-free, then under the lock), and none leaks into another.
    let reducer = Prober()
    let stores = (1...3).map { value in
      Store(initialState: Prober.State()) {
        reducer
      } withDependencies: {
        $0.full.value = value
      }
    }
    @Dependency(\.full.value) var home
    var read: [Int] = []
    for order in [[0, 1, 2], [2, 1, 0], [1, 2, 0]] {
      read.append(home)
      for index in order { stores[index].send(.read) }
    }
    read.append(home)
    #expect(read == [3, 3, 3, 3])
    for (index, store) in stores.enumerated() {
      #expect(store.state.read == [index + 1, index + 1, index + 1])
    }
  }

  @Test func aReducerBuiltByAStoreMadeInAScopeKeepsItsValuesOutsideTheStore() {
    // `Store(…withDependencies:)` builds its reducer in its scope, as TCA does.
    var built: Prober?
    _ = Store(initialState: Prober.State()) {
      let reducer = Prober()
      built = reducer
      return reducer
    } withDependencies: {
      $0.full.value = 7
    }
    #expect(built?.value == 7)
    let overridden = withDependencies {
      $0.full.value = 8
    } operation: {
      built?.value
    }
    #expect(overridden == 8, "what is bound where it is read wins")
  }

  @Test func oneReducerInStoresSentToFromManyThreadsReadsEachStoresValues() async {
    // The stores share the wrapper's memo, whose first reads race to publish.
    let reducer = Prober()
    let stores = (0..<4).map { index in
      Store(initialState: Prober.State()) {
        reducer
      } withDependencies: {
        $0.full.value = 100 + index
      }
    }
    let sends = 300
    await withTaskGroup(of: Void.self) { group in
      for store in stores {
        for _ in 0..<2 {
          group.addTask {
            for _ in 0..<sends { store.send(.read) }
          }
        }
      }
    }
    for (index, store) in stores.enumerated() {
      let read = store.state.read
      #expect(read.count == 2 * sends)
      #expect(read.allSatisfy { $0 == 100 + index })
    }
  }
}
