// TCA's StoreTests that cancel effect trees from the test store (MIT licence, Point-Free,
// github.com/pointfreeco/swift-composable-architecture,
// Tests/ComposableArchitectureTests/StoreTests.swift), ported under their upstream names with
// swift-concurrency-extras' `Task.never()` and `LockIsolated` as TCA re-exports them; the test
// store's `Action` is `Equatable` (DifferencesFromTCA).
import ComposableSensorsTesting
import ComposableStore
import Testing

@Suite struct TCAStoreTaskCancellationPortTests {
  @Test func testCascadingTaskCancellation() async {
    enum Action: Equatable { case task, response, response1, response2 }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .task:
          return .run { send in await send(.response) }
        case .response:
          return .merge(
            .run { _ in try await Task.never() },
            .run { send in await send(.response1) }
          )
        case .response1:
          return .merge(
            .run { _ in try await Task.never() },
            .run { send in await send(.response2) }
          )
        case .response2:
          return .run { _ in try await Task.never() }
        }
      }
    }

    let task = await store.send(.task)
    await store.receive(.response)
    await store.receive(.response1)
    await store.receive(.response2)
    await task.cancel()
  }

  @Test func testTaskCancellationEmpty() async {
    enum Action: Equatable { case task }

    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .task:
          return .run { _ in try await Task.never() }
        }
      }
    }

    await store.send(.task).cancel()
  }

  /// Upstream checks the store's internal table of effects (`effectCancellables`) is empty;
  /// here the root store's task finishing shows the effect is gone.
  @Test func testScopeCancellation() async throws {
    let neverEndingTask = Task<Void, any Error> { try await Task.never() }

    let store = Store(initialState: 0) {
      Reduce<Int, Void> { _, _ in
        .run { _ in
          try await neverEndingTask.value
        }
      }
    }
    let scopedStore = store.scope(state: { $0 }, action: { $0 })

    let sendTask = scopedStore.send(())
    await Task.yield()
    neverEndingTask.cancel()
    await sendTask.finish()
    #expect(!sendTask.isCancelled)
  }
}

/// TCA's `StoreTests.testLotsOfSynchronousActions`: a chain of 100,000 `.send` effects is
/// handled before `send` returns, without growing the stack.
@Suite struct TCAStoreSynchronousActionsPortTests {
  @Test func testLotsOfSynchronousActions() {
    enum Action { case incr, noop }
    let reducer = Reduce<Int, Action>({ state, action in
      switch action {
      case .incr:
        state += 1
        return .send(state >= 100_000 ? .noop : .incr)
      case .noop:
        return .none
      }
    })

    let store = Store(initialState: 0) { reducer }
    store.send(.incr)
    #expect(store.state == 100_000)
  }
}

/// swift-concurrency-extras' `LockIsolated`, as TCA tests use it.
@Suite struct LockIsolatedTests {
  @Test func collectsFromManyTasksAndReadsThroughKeyPaths() async {
    let seen = LockIsolated<[Int]>([])
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<100 {
        group.addTask { seen.withValue { $0.append(index) } }
      }
    }
    #expect(seen.value.sorted() == Array(0..<100))
    #expect(seen.count == 100)
    seen.setValue([7])
    #expect(seen.value == [7])
  }

  @Test func taskNeverEndsOnlyWhenCancelled() async {
    let task = Task { try await Task.never() }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
