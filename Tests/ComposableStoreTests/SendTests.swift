import ComposableSensorsTesting
import ComposableStore
import Synchronization
import Testing

/// `Send`: an effect's way back into the store. Besides `await send(action)`, a store's
/// senders offer `immediate`, the same delivery without suspending, which a producer running on
/// a thread of its own (a live sensor's reader) uses instead of waking a task per action.
@Suite struct SendTests {
  enum Action: Sendable, Equatable {
    case start
    case startMapped
    case tick
    case child(ChildAction)
  }
  enum ChildAction: Sendable, Equatable { case tock }

  /// Whether each effect found an immediate path, and the count it saw right after using it.
  final class Report: Sendable {
    private let state = Mutex([(hadImmediate: Bool, countAfter: Int)]())
    func record(_ hadImmediate: Bool, _ countAfter: Int) {
      state.withLock { $0.append((hadImmediate, countAfter)) }
    }
    var entries: [(hadImmediate: Bool, countAfter: Int)] { state.withLock { $0 } }
  }

  static func feature(report: Report, count: @escaping @Sendable () -> Int) -> Reduce<Int, Action> {
    Reduce { state, action in
      switch action {
      case .start:
        return .run { send in
          send.immediate?(.tick)
          report.record(send.immediate != nil, count())
        }
      case .startMapped:
        return Effect<ChildAction>.run { send in
          send.immediate?(.tock)
          report.record(send.immediate != nil, count())
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

  @Test func aStoreEffectsSenderDeliversSynchronously() async {
    let (report, count) = await run(.start)
    #expect(report.entries.map(\.hadImmediate) == [true])
    #expect(report.entries.map(\.countAfter) == [1], "reduced before immediate returned")
    #expect(count == 1)
  }

  @Test func aMappedEffectKeepsTheImmediatePath() async {
    let (report, count) = await run(.startMapped)
    #expect(report.entries.map(\.hadImmediate) == [true])
    #expect(report.entries.map(\.countAfter) == [1])
    #expect(count == 1)
  }

  @Test func aTestStoreReducesEveryEffectActionInTheEffectsTask() async {
    // So the running test's task-locals attribute any issue: no immediate path.
    let report = Report()
    let store = TestStore(initialState: 0) { Self.feature(report: report) { -1 } }
    await store.send(.start)
    await store.finish()
    #expect(report.entries.map(\.hadImmediate) == [false])
  }

  @Test func aSenderMadeFromAClosureHasNoImmediatePath() async {
    let sent = Mutex([Int]())
    let send = Send<Int> { value in sent.withLock { $0.append(value) } }
    #expect(send.immediate == nil)
    await send(3)
    #expect(sent.withLock { $0 } == [3])
  }
}
