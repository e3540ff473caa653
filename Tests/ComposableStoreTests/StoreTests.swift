import ComposableSensorsTesting
import ComposableStore
import Synchronization
import Testing

@Suite struct StoreTests {
  @Test func sendRunsTheReducerBeforeReturning() {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.increment)
    store.send(.increment)
    store.send(.decrement)
    #expect(store.state.count == 1)
  }

  @Test func fedBackActionsAreHandledBeforeSendReturns() {
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

  @Test func concurrentSendersAreSerialised() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask { for _ in 0..<10_000 { store.send(.increment) } }
      }
    }
    #expect(store.state.count == 80_000)
  }

  @Test func theReducerNeverRunsConcurrentlyWithItself() async {
    let probe = OverlapProbe()
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        probe.enter()
        state += action
        probe.leave()
        return .none
      }
    }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask { for _ in 0..<20_000 { store.send(1) } }
        group.addTask {
          await store.send(0).finish()
        }
      }
    }
    #expect(probe.overlaps == 0)
    #expect(store.state == 80_000)
  }

  @Test func actionsFromAnEffectArriveInOrder() async {
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        guard action == 0 else {
          state.append(action)
          return .none
        }
        return .run { send in for value in 1...2_000 { await send(value) } }
      }
    }
    await store.send(0).finish()
    #expect(store.state == Array(1...2_000))
  }

  @Test func aSendFromInsideTheReducerIsQueuedNotDeadlocked() {
    let box = StoreBox()
    let store = Store(initialState: Counter.State()) {
      Reduce<Counter.State, Counter.Action> { state, action in
        switch action {
        case .echo:
          // A reducer should never do this; the store must survive it anyway.
          box.store?.send(.increment)
          state.count *= 10
          return .none
        default:
          return Counter().reduce(into: &state, action: action)
        }
      }
    }
    box.store = store
    store.send(.increment)
    store.send(.echo)
    #expect(store.state.count == 11, "handled after the current action: 1 × 10 + 1")
  }

  @Test func aReentrantSendReturnsATaskForItsOwnEffects() async {
    let box = StoreBox()
    let reentrantTask = TaskBox()
    let store = Store(initialState: Counter.State()) {
      Reduce<Counter.State, Counter.Action> { state, action in
        if action == .decrement {
          reentrantTask.task = box.store?.send(.echo)
          return .none
        }
        return Counter().reduce(into: &state, action: action)
      }
    }
    box.store = store
    store.send(.increment)
    store.send(.decrement)
    let task = reentrantTask.task
    #expect(task?.hasEffects == true)
    await task?.finish()
    #expect(store.state.echoes == [1])
  }

  @Test func statesStartWithTheCurrentStateThenFollowChanges() async {
    let store = Store(initialState: Counter.State(count: 5)) { Counter() }
    var iterator = store.states.makeAsyncIterator()
    #expect(await iterator.next()?.count == 5)
    store.send(.increment)
    #expect(await iterator.next()?.count == 6)
    store.send(.increment)
    store.send(.increment)
    // A slow observer sees the newest state, not a backlog.
    #expect(await iterator.next()?.count == 8)
  }

  @Test func anUnhandledEffectErrorIsReportedNotSwallowed() async {
    let reports = Recorder<String>()
    let store = Store<Int, Int>(
      initialState: 0,
      reduce: { _, _ in .run { _ in throw SensorGone() } },
      reportUnhandled: { message, _, _ in reports.record(message) }
    )
    await store.send(1).finish()
    #expect(reports.all.count == 1)
    #expect(
      reports.all.first?.contains("threw an unhandled error.\n\n    the sensor went away") == true)
  }
}

struct SensorGone: Error, CustomStringConvertible {
  var description: String { "the sensor went away" }
}

/// Lets a test reducer reach its own store, to provoke reentrancy.
final class StoreBox: Sendable {
  private let storage = Mutex<Store<Counter.State, Counter.Action>?>(nil)
  var store: Store<Counter.State, Counter.Action>? {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }
}

/// Counts how often a region of code was entered while another thread was already inside.
final class OverlapProbe: Sendable {
  private let inside = Atomic<Int>(0)
  private let overlapCount = Atomic<Int>(0)

  func enter() {
    if inside.add(1, ordering: .sequentiallyConsistent).newValue > 1 {
      overlapCount.add(1, ordering: .relaxed)
    }
  }

  func leave() { inside.subtract(1, ordering: .sequentiallyConsistent) }
  var overlaps: Int { overlapCount.load(ordering: .relaxed) }
}

/// Hands a `StoreTask` out of a reducer closure.
final class TaskBox: Sendable {
  private let storage = Mutex<StoreTask?>(nil)
  var task: StoreTask? {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }
}
