import ComposableSensorsTesting
import ComposableStore
import Synchronization
import Testing

/// `Send`: an effect's one way back into the store. `await send(action)` returns once the
/// store's reducer has handled the action (back-pressure), mapped effects included; after the
/// effect's task is cancelled it drops actions.
@Suite struct SendTests {
  enum Action: Sendable, Equatable {
    case start
    case startMapped
    case tick
    case child(ChildAction)
  }
  enum ChildAction: Sendable, Equatable { case tock }

  /// The count each effect saw right after its send returned.
  final class Report: Sendable {
    private let state = Mutex([Int]())
    func record(_ countAfter: Int) { state.withLock { $0.append(countAfter) } }
    var entries: [Int] { state.withLock { $0 } }
  }

  static func feature(report: Report, count: @escaping @Sendable () -> Int) -> Reduce<Int, Action> {
    Reduce { state, action in
      switch action {
      case .start:
        return .run { send in
          await send(.tick)
          report.record(count())
        }
      case .startMapped:
        return Effect<ChildAction>.run { send in
          await send(.tock)
          report.record(count())
        }
        .map(Action.child)
      case .tick, .child(.tock):
        state += 1
        return .none
      }
    }
  }

  /// Sends `action` to a store running ``feature(report:count:)`` and waits for its effects;
  /// returns what they reported and the final count.
  func run(_ action: Action) async -> (Report, Int) {
    let report = Report()
    let counter = Mutex<Store<Int, Action>?>(nil)
    let store = Store(initialState: 0) {
      Self.feature(report: report) { counter.withLock { $0?.state ?? -1 } }
    }
    counter.withLock { $0 = store }
    await store.send(action).finish()
    counter.withLock { $0 = nil }
    return (report, store.state)
  }

  @Test func aSendReturnsOnceTheReducerHandledTheAction() async {
    let (report, count) = await run(.start)
    #expect(report.entries == [1], "reduced before send returned")
    #expect(count == 1)
  }

  @Test func aMappedEffectsSendReturnsOnceTheReducerHandledTheAction() async {
    let (report, count) = await run(.startMapped)
    #expect(report.entries == [1])
    #expect(count == 1)
  }

  @Test func aTestStoreReceivesWhatAnEffectSends() async {
    let report = Report()
    let store = TestStore(initialState: 0) { Self.feature(report: report) { -1 } }
    await store.send(.start)
    await store.receive(.tick) { $0 = 1 }
    await store.finish()
    #expect(report.entries == [-1])
  }

  @Test func aSenderMadeFromAClosureCallsIt() async {
    let sent = Mutex([Int]())
    let send = Send<Int> { value in sent.withLock { $0.append(value) } }
    await send(3)
    #expect(sent.withLock { $0 } == [3])
  }

  @Test func aCancelledTasksSendDropsTheAction() async {
    let sent = Mutex([Int]())
    let send = Send<Int> { value in sent.withLock { $0.append(value) } }
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      await send(4)
    }
    await task.value
    #expect(sent.withLock { $0 }.isEmpty)
  }
}
