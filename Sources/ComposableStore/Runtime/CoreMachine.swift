/// Names one registered effect task of a store.
@usableFromInline
typealias EffectToken = UInt64

/// Names one cascade: the effect tasks started by an action sent to the store, plus those started
/// by every action those tasks fed back, transitively. A ``StoreTask`` awaits and cancels one.
@usableFromInline
typealias CascadeID = UInt64

/// The whole mutable state of a root store except the reducer's working state, as one state
/// machine: the state being published and its observers, the re-entrant inbox, the running effect
/// tasks (by token and cascade), the cancellation registry of effects and
/// `withTaskCancellation(id:)` operations, and everyone waiting on them.
///
/// It does no locking, starts no task and resumes no continuation: every transition returns
/// what the caller must do once it has released the lock, an ``AfterUnlock`` (``RootCore`` keeps
/// the machine in its `Mutex`, in the style of swift-async-algorithms' `DebounceStateMachine`).
/// Tests drive it directly, with strings for task handles.
///
/// Lock order, written once: the store's reducer lock (held while the reducer runs) may be held
/// when taking the machine's lock; the machine's lock is never held while taking the reducer
/// lock, running the reducer, starting or cancelling a task, yielding to an observer or resuming
/// a continuation.
@usableFromInline
struct CoreMachine<State, Action, Handle> {
  /// Whether the store still lives: after release, a newly registered effect is cancelled at once.
  @usableFromInline
  enum Lifecycle {
    case active
    case released
  }

  /// One running effect task.
  @usableFromInline
  struct Entry {
    /// The task once it exists, or whether a cancellation arrived before it did.
    @usableFromInline
    enum Task {
      case reserved(cancelRequested: Bool)
      case attached(Handle)
    }

    @usableFromInline var task: Task
    let ids: [AnyHashableSendable]
    let origin: Action
    let cascade: CascadeID
  }

  /// The tasks and queued actions of one cascade, and who awaits its end.
  struct Cascade {
    var running = 0
    /// Actions of the cascade sent from inside the reducer and not yet reduced.
    var queued = 0
    var cancelled = false
    var waiters: [CheckedContinuation<Void, Never>] = []
    var finished: Bool { running == 0 && queued == 0 }
  }

  /// An action sent from inside the reducer on the thread running it, reduced right after the
  /// current one.
  @usableFromInline
  struct Reentrant {
    @usableFromInline let action: Action
    @usableFromInline let cascade: CascadeID
  }

  /// A continuation waiting for every effect, except those in `ignoring`, to end.
  struct IdleWaiter {
    let ignoring: Set<EffectToken>
    let continuation: CheckedContinuation<Void, Never>
  }

  /// What the shell must do once it has released the lock; each transition fills what it needs.
  @usableFromInline
  struct AfterUnlock {
    /// Effect tasks to cancel.
    @usableFromInline var cancel: [Handle] = []
    /// `withTaskCancellation(id:)` operations to cancel.
    @usableFromInline var cancelOperations: [@Sendable () -> Void] = []
    /// Waiters whose cascade ended, or who waited for no effect to run.
    @usableFromInline var resume: [CheckedContinuation<Void, Never>] = []
    /// Observers to yield the state just published to, while the reducer lock keeps the order.
    @usableFromInline var yield: [Int: StateObserver<State>] = [:]
    /// Observers to finish: the store is gone.
    @usableFromInline var finish: [StateObserver<State>] = []
    /// Actions sent from inside the reducer, to reduce next.
    @usableFromInline var reduce: [Reentrant] = []

    @inlinable
    init() {}
  }

  /// What an action an effect sends meets.
  @usableFromInline
  enum Delivery {
    /// The store handles it.
    case deliver
    /// The store handles it, and reports that its effect had already completed.
    case deliverFromCompletedEffect
    /// The store is gone: it is dropped.
    case drop
  }

  @usableFromInline var lifecycle = Lifecycle.active
  /// The state after an action while the reducer's thread yields it to the observers: what a
  /// read on that thread gets meanwhile (an observer's own code reading the store). `nil` the
  /// rest of the time, so that the store holds no second reference to the state its reducer
  /// changes, which is then changed in place (a read from another thread copies the reducer's
  /// state under the reducer lock instead).
  @usableFromInline var yielding: State?
  /// The store's initial state: what a read on the reducer's thread gets from inside the reducer
  /// itself, which cannot see the state being changed (a misuse, reported by the shell).
  @usableFromInline let initial: State
  @usableFromInline var observers: [Int: StateObserver<State>] = [:]
  var lastObserver = 0
  @usableFromInline var reentrant: [Reentrant] = []
  @usableFromInline var entries: [EffectToken: Entry] = [:]
  /// Effects by cancellation id, and `withTaskCancellation(id:)` operations: one registry.
  var cancellations = CancellationRegistry()
  var cascades: [CascadeID: Cascade] = [:]
  var idleWaiters: [IdleWaiter] = []
  var lastCascade: CascadeID = 0

  @usableFromInline
  init(state: State) {
    self.initial = state
  }

  // MARK: Published state

  /// Whether the state after an action must be published (``takePublished(_:)``): observers to
  /// feed, or actions sent from inside the reducer to take. Usually not, and then publishing
  /// costs this look and copies, retains and allocates nothing.
  @inlinable
  var mustPublish: Bool { !observers.isEmpty || !reentrant.isEmpty }

  /// Publishes `state`, the state after an action: hands out the observers to yield it to (and
  /// keeps it for a read on the reducer's thread until ``endPublication(reduced:)``), and the
  /// actions sent from inside the reducer meanwhile, to reduce next.
  @inlinable
  mutating func takePublished(_ state: State) -> AfterUnlock {
    var afterUnlock = AfterUnlock()
    if !observers.isEmpty {
      afterUnlock.yield = observers
      yielding = state
    }
    if !reentrant.isEmpty {
      afterUnlock.reduce = reentrant
      reentrant = []
    }
    return afterUnlock
  }

  /// The observers have had the published state: forgets it, so that the reducer changes the
  /// next state in place; and counts the re-entrant action of `cascade` reduced, if one was.
  /// Returns the state forgotten, for the shell to release outside the lock.
  @usableFromInline
  mutating func endPublication(
    reduced cascade: CascadeID?
  ) -> (afterUnlock: AfterUnlock, released: State?) {
    let released = yielding.take()
    guard let cascade else { return (AfterUnlock(), released) }
    return (reentrantReduced(cascade: cascade), released)
  }

  /// What a read on the reducer's thread gets: the state being yielded to the observers, or,
  /// from inside the reducer (which cannot see the state it is changing), the initial state,
  /// marked as not current.
  @usableFromInline
  func readOnReducerThread() -> (state: State, isCurrent: Bool) {
    if let yielding { return (yielding, true) }
    return (initial, false)
  }

  /// Adds an observer and returns its key, or `nil` once the store is gone. The caller yields
  /// the current state to it.
  mutating func addObserver(_ observer: StateObserver<State>) -> Int? {
    guard case .active = lifecycle else { return nil }
    lastObserver += 1
    observers[lastObserver] = observer
    return lastObserver
  }

  mutating func removeObserver(_ key: Int) {
    observers[key] = nil
  }

  // MARK: Cascades

  /// Starts a cascade for an action sent from inside the reducer, queued until reduced.
  mutating func enqueueReentrant(_ action: Action) -> CascadeID {
    let cascade = newCascade()
    cascades[cascade, default: Cascade()].queued += 1
    reentrant.append(Reentrant(action: action, cascade: cascade))
    return cascade
  }

  /// A queued re-entrant action has been reduced: its cascade's waiters, if that ended it.
  @usableFromInline
  mutating func reentrantReduced(cascade: CascadeID) -> AfterUnlock {
    cascades[cascade]?.queued -= 1
    var afterUnlock = AfterUnlock()
    afterUnlock.resume = takeWaitersIfFinished(cascade)
    return afterUnlock
  }

  /// A fresh cascade number; its record is created by the first task or queued action.
  mutating func newCascade() -> CascadeID {
    lastCascade &+= 1
    return lastCascade
  }

  /// Registers `waiter` for the end of `cascade`, or resumes it at once if it has ended.
  mutating func wait(
    cascade: CascadeID, _ waiter: CheckedContinuation<Void, Never>
  ) -> AfterUnlock {
    var afterUnlock = AfterUnlock()
    if cascades[cascade] == nil {
      afterUnlock.resume = [waiter]
    } else {
      cascades[cascade]?.waiters.append(waiter)
    }
    return afterUnlock
  }

  /// Marks `cascade` cancelled, which refuses its new tasks, and cancels its running ones.
  mutating func cancel(cascade: CascadeID) -> AfterUnlock {
    guard cascades[cascade] != nil else { return AfterUnlock() }
    cascades[cascade]?.cancelled = true
    return cancelling(where: { $0.cascade == cascade })
  }

  mutating func takeWaitersIfFinished(
    _ cascade: CascadeID
  ) -> [CheckedContinuation<Void, Never>] {
    guard let record = cascades[cascade], record.finished else { return [] }
    cascades[cascade] = nil
    return record.waiters
  }
}
