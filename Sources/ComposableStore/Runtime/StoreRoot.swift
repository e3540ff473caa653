import SensorsCore
import Synchronization

/// The machinery of a store that runs its own reducer (every store but a scope of another): the
/// reducer and its working state under the reducer lock, and the runtime of everything else.
///
/// ``Store`` holds it only for a root store, so a scoped store needs no state of its own and
/// reads its parent's lazily.
@usableFromInline
final class StoreRoot<State: Sendable, Action: Sendable>: Sendable {
  /// The reducer's lock: held while the reducer runs, so another thread's `send` waits for it.
  /// Lock order: this lock, then the runtime's core lock (never the reverse).
  @usableFromInline let reducer: Mutex<ReducerBox<State, Action>>
  /// The thread holding ``reducer``, or 0: a `send` from that thread comes from inside the
  /// reducer and is queued instead of deadlocking.
  @usableFromInline let drainer = Atomic<UInt>(0)
  /// The state machine of everything else (published state, observers, inbox, effects).
  @usableFromInline let runtime: StoreRuntime<State, Action>

  @inlinable
  init(
    state: State,
    reduce: sending @escaping (inout State, Action) -> Effect<Action>,
    reportIssue: @escaping @Sendable (String, StaticString, UInt) -> Void
  ) {
    self.reducer = Mutex(ReducerBox(state: state, reduce: reduce))
    self.runtime = StoreRuntime(state: state, reportIssue: reportIssue)
  }

  deinit {
    runtime.release()
  }

  /// ``Store/send(_:)`` on a root store.
  @inlinable
  func send(_ action: Action) -> StoreTask {
    if drainer.load(ordering: .relaxed) == currentThreadID() {
      return enqueueReentrant(action)
    }
    return process(action, cascade: nil)
  }

  /// What a store backed by this root does, for ``Store/operations`` (its hot paths, `send` and
  /// `state`, call the root directly).
  @usableFromInline
  var operations: StoreOperations<State, Action> {
    StoreOperations(
      send: { [self] in send($0) },
      state: { [self] in runtime.core.withLock { $0.published } },
      observe: { [self] in observe($0) },
      isDuplicate: nil,
      inFlightEffectCount: { [self] in runtime.core.withLock(\.count) })
  }

  /// Registers `observer` and yields it the current state; returns how to remove it, or `nil`
  /// (having finished it) if the store is gone.
  ///
  /// No state is published between the registration and that first yield, so an observer never
  /// sees an older state after a newer one: elsewhere the reducer lock keeps publications out,
  /// and inside the reducer this thread already holds it. The first yield runs outside the core
  /// lock, since a scope's observer runs the scope's own code.
  func observe(_ observer: StateObserver<State>) -> (@Sendable () -> Void)? {
    let runtime = self.runtime
    let register = { () -> Int? in
      let (key, state) = runtime.core.withLock { core in
        (core.addObserver(observer), core.published)
      }
      if key != nil { observer.yield(state) }
      return key
    }
    let key =
      drainer.load(ordering: .relaxed) == currentThreadID()
      ? register() : reducer.withLock { _ in register() }
    guard let key else {
      observer.finish()
      return nil
    }
    // Safe inside a cancellation: nothing yields to an observer while holding the core lock.
    return { runtime.core.withLock { $0.removeObserver(key) } }
  }
}

/// Receives a store's state after every action: a stream's continuation, or a scope's
/// transformation in front of one.
@usableFromInline
struct StateObserver<State>: Sendable {
  /// Takes the state after an action.
  @usableFromInline let yield: @Sendable (State) -> Void
  /// The store is gone: no state will follow.
  let finish: @Sendable () -> Void

  init(yield: @escaping @Sendable (State) -> Void, finish: @escaping @Sendable () -> Void) {
    self.yield = yield
    self.finish = finish
  }

  init(_ continuation: AsyncStream<State>.Continuation) where State: Sendable {
    self.init(yield: { continuation.yield($0) }, finish: { continuation.finish() })
  }
}

extension StateObserver where State: Sendable {
  /// This observer, skipping a state `isDuplicate` finds equal to the one it yielded last.
  func skippingDuplicates(_ isDuplicate: @escaping @Sendable (State, State) -> Bool) -> Self {
    let last = LastState<State>()
    return StateObserver(
      yield: { state in
        let repeated = last.value.withLock { last in
          defer { last = state }
          return last.map { isDuplicate($0, state) } ?? false
        }
        if !repeated { yield(state) }
      },
      finish: finish)
  }
}

/// The state an observer yielded last.
private final class LastState<State: Sendable>: Sendable {
  let value = Mutex<State?>(nil)
}
