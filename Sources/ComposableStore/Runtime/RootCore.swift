import SensorsCore
import Synchronization

/// The core of a store that runs its own reducer (every store but a scope of another): the
/// reducer and its working state under the reducer lock, and everything else in one
/// ``CoreMachine`` under the machine's lock.
///
/// Effect tasks hold it strongly (to deregister themselves and deliver their actions); the
/// ``Store`` that made it releases it when the store goes away (``release()``): every effect is
/// cancelled then, and whatever an effect still sends is dropped.
@usableFromInline
final class RootCore<State: Sendable, Action: Sendable>: StoreCore, EffectHost {
  @usableFromInline typealias Machine = CoreMachine<State, Action, Task<Void, Never>>

  /// The reducer's lock: held while the reducer runs, so another thread's `send` waits for it.
  /// Lock order: this lock, then the machine's (never the reverse).
  @usableFromInline let reducer: Mutex<ReducerBox<State, Action>>
  /// The thread holding ``reducer``, or 0: a `send` from that thread comes from inside the
  /// reducer and is queued instead of deadlocking.
  @usableFromInline let drainer = Atomic<UInt>(0)
  /// Everything else: the state being published, observers, inbox, effects and their
  /// cancellation ids.
  @usableFromInline let machine: Mutex<Machine>
  /// How effect tasks deliver actions back to this core.
  @usableFromInline let deliver: Deliver<State, Action>
  /// Reports an unhandled effect error or a send from a completed effect, at the effect's site.
  @usableFromInline
  let reportIssue: @Sendable (_ message: String, _ fileID: StaticString, _ line: UInt) -> Void

  @inlinable
  init(
    state: State,
    reduce: sending @escaping (inout State, Action) -> Effect<Action>,
    deliver: @escaping Deliver<State, Action>,
    reportIssue: @escaping @Sendable (String, StaticString, UInt) -> Void
  ) {
    self.reducer = Mutex(ReducerBox(state: state, reduce: reduce))
    self.machine = Mutex(Machine(state: state))
    self.deliver = deliver
    self.reportIssue = reportIssue
  }

  // MARK: StoreCore

  /// The state after the last action reduced: a copy of the reducer's own state, taken under
  /// the reducer lock (waiting for an action being reduced), so that the store itself keeps no
  /// second reference to the state, which its reducer then changes in place. On the thread
  /// running the reducer, the state being yielded to observers (see ``stateOnReducerThread()``).
  @inlinable
  var state: State {
    if drainer.load(ordering: .relaxed) == currentThreadID() {
      return stateOnReducerThread()
    }
    return reducer.withLock { $0.state }
  }

  /// A read on the thread running the reducer, which holds the reducer lock: from an observer,
  /// the state being yielded to it; from inside the reducer itself, which cannot see the state
  /// it is changing, the initial state, and an issue saying so.
  @usableFromInline
  func stateOnReducerThread() -> State {
    let read = machine.withLock { $0.readOnReducerThread() }
    if !read.isCurrent {
      reportIssue(
        FailureText.readFromInsideReducer(store: Store<State, Action>.self), #fileID, #line)
    }
    return read.state
  }

  @inlinable
  func send(_ action: Action) -> StoreTask {
    if drainer.load(ordering: .relaxed) == currentThreadID() {
      return enqueueReentrant(action)
    }
    return process(action, cascade: nil)
  }

  /// Registers `observer` and yields it the current state.
  ///
  /// No state is published between the registration and that first yield, so an observer never
  /// sees an older state after a newer one: elsewhere the reducer lock keeps publications out,
  /// and inside the reducer this thread already holds it. The first yield runs outside the
  /// machine's lock, since a scope's observer runs the scope's own code; elsewhere it runs under
  /// the reducer lock, as if this thread were reducing, so that a read it makes gets the state
  /// being yielded instead of waiting for the lock.
  @usableFromInline
  func observe(_ observer: StateObserver<State>) -> (@Sendable () -> Void)? {
    let key: Int?
    if drainer.load(ordering: .relaxed) == currentThreadID() {
      let (added, read) = machine.withLock { ($0.addObserver(observer), $0.readOnReducerThread()) }
      if added != nil { observer.yield(read.state) }
      key = added
    } else {
      key = reducer.withLock { box in
        drainer.store(currentThreadID(), ordering: .relaxed)
        defer { drainer.store(0, ordering: .relaxed) }
        let added = machine.withLock { machine in
          let key = machine.addObserver(observer)
          if key != nil { machine.yielding = box.state }
          return key
        }
        guard added != nil else { return added }
        observer.yield(box.state)
        _ = machine.withLock { $0.endPublication(reduced: nil) }
        return added
      }
    }
    guard let key else {
      observer.finish()
      return nil
    }
    // Safe inside a cancellation: nothing yields to an observer while holding the machine's lock.
    return { self.machine.withLock { $0.removeObserver(key) } }
  }

  @usableFromInline
  var isDuplicate: (@Sendable (State, State) -> Bool)? { nil }

  @usableFromInline
  var effects: any EffectHost { self }

  // MARK: EffectHost

  @usableFromInline
  var inFlightEffectCount: Int { machine.withLock(\.count) }

  /// The running effect tasks, each with the action whose effect started it.
  var inFlightEffects: [EffectToken: Action] { machine.withLock(\.running) }

  @usableFromInline
  func waitForEffects(ignoring: Set<EffectToken>) async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      run(machine.withLock { $0.waitUntilIdle(ignoring: ignoring, waiter) })
    }
  }

  @usableFromInline
  func cancelAllEffects() {
    run(machine.withLock { $0.cancelAll() })
  }

  @usableFromInline
  func cancel(cascade: CascadeID) {
    run(machine.withLock { $0.cancel(cascade: cascade) })
  }

  @usableFromInline
  func wait(cascade: CascadeID) async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      run(machine.withLock { $0.wait(cascade: cascade, waiter) })
    }
  }

  // MARK: EffectCanceller

  @usableFromInline
  func cancel(id: AnyHashableSendable) {
    run(machine.withLock { $0.cancel(id: id) })
  }

  @usableFromInline
  func insertOperation(id: AnyHashableSendable, cancel: @escaping @Sendable () -> Void) -> UInt64 {
    machine.withLock { $0.insertOperation(id: id, cancel: cancel) }
  }

  @usableFromInline
  func removeOperation(id: AnyHashableSendable, token: UInt64) {
    machine.withLock { $0.removeOperation(id: id, token: token) }
  }

  // MARK: Lifetime

  /// The store is gone: cancel every effect, refuse new ones, finish every observer.
  @usableFromInline
  func release() {
    run(machine.withLock { $0.release() })
  }

  /// Does what a transition of the machine handed out, now that its lock is released:
  /// cancellation handlers run synchronously and may call back in, resumed tasks and observers'
  /// streams take locks of their own. (A publication's yields and re-entrant actions are the
  /// reducer's drain's, which handles them in order.)
  @usableFromInline
  func run(_ afterUnlock: Machine.AfterUnlock) {
    for task in afterUnlock.cancel { task.cancel() }
    for cancel in afterUnlock.cancelOperations { cancel() }
    for waiter in afterUnlock.resume { waiter.resume() }
    for observer in afterUnlock.finish { observer.finish() }
  }
}
