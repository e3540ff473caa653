/// Names one registered effect task of a store.
@usableFromInline
typealias EffectToken = UInt64

/// Names one cascade: the effect tasks started by an action sent to the store, plus those started
/// by every action those tasks fed back, transitively. A ``StoreTask`` awaits and cancels one.
@usableFromInline
typealias CascadeID = UInt64

/// The whole mutable state of a store except the reducer's working state, as one state machine:
/// the published state and its observers, the re-entrant inbox, the registry of running effect
/// tasks (by token, cancellation id and cascade) and everyone waiting on them.
///
/// It does no locking, starts no task and resumes no continuation: every transition returns what
/// the caller must do once it has released the lock (``StoreRuntime`` keeps it in its `Mutex`,
/// in the style of swift-async-algorithms' `DebounceStateMachine`). Tests drive it directly.
///
/// Lock order, written once: the store's reducer lock (held while the reducer runs) may be held
/// when taking the core lock; the core lock is never held while taking the reducer lock, running
/// the reducer, starting or cancelling a task, yielding to an observer or resuming a continuation.
@usableFromInline
struct StoreCore<State, Action, Handle> {
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
    enum Task {
      case reserved(cancelRequested: Bool)
      case attached(Handle)
    }

    var task: Task
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

  @usableFromInline var lifecycle = Lifecycle.active
  @usableFromInline var published: State
  @usableFromInline var observers: [Int: StateObserver<State>] = [:]
  var nextObserverID = 0
  @usableFromInline var reentrant: [Reentrant] = []
  @usableFromInline private(set) var entries: [EffectToken: Entry] = [:]
  private var byID: [AnyHashableSendable: Set<EffectToken>] = [:]
  private var cascades: [CascadeID: Cascade] = [:]
  private var idleWaiters: [IdleWaiter] = []
  private var nextToken: EffectToken = 0
  private var nextCascade: CascadeID = 0

  @usableFromInline
  init(state: State) {
    self.published = state
  }

  // MARK: Published state

  /// What must happen outside the lock after an action was published: the observers to yield
  /// the new state to, and the actions sent from inside the reducer meanwhile.
  @usableFromInline
  struct Publication {
    @usableFromInline let observers: [Int: StateObserver<State>]
    @usableFromInline let reentrant: [Reentrant]

    @inlinable
    init(observers: [Int: StateObserver<State>], reentrant: [Reentrant]) {
      self.observers = observers
      self.reentrant = reentrant
    }
  }

  /// Publishes the state after one action and takes what must happen outside the lock; `nil`
  /// when nothing must (no observer, nothing sent from inside the reducer): the common case,
  /// which then copies, retains and allocates nothing.
  @inlinable
  mutating func publish(_ state: State) -> Publication? {
    published = state
    guard !observers.isEmpty || !reentrant.isEmpty else { return nil }
    let taken = reentrant
    if !taken.isEmpty { reentrant = [] }
    return Publication(observers: observers, reentrant: taken)
  }

  /// Adds an observer and returns its key. The caller yields the current state to it.
  mutating func addObserver(_ observer: StateObserver<State>) -> Int? {
    guard case .active = lifecycle else { return nil }
    nextObserverID += 1
    observers[nextObserverID] = observer
    return nextObserverID
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

  /// A queued re-entrant action has been reduced. Returns the cascade's waiters if it ended.
  mutating func reentrantReduced(cascade: CascadeID) -> [CheckedContinuation<Void, Never>] {
    cascades[cascade]?.queued -= 1
    return takeWaitersIfFinished(cascade)
  }

  /// A fresh cascade number; its record is created by the first task or queued action.
  mutating func newCascade() -> CascadeID {
    nextCascade &+= 1
    return nextCascade
  }

  /// Registers `waiter` for the end of `cascade`; returns `false` if it has ended already.
  mutating func addCascadeWaiter(
    _ cascade: CascadeID, _ waiter: CheckedContinuation<Void, Never>
  ) -> Bool {
    guard cascades[cascade] != nil else { return false }
    cascades[cascade]?.waiters.append(waiter)
    return true
  }

  /// Marks `cascade` cancelled and returns the handles of its running tasks, to cancel.
  mutating func cancel(cascade: CascadeID) -> [Handle] {
    guard cascades[cascade] != nil else { return [] }
    cascades[cascade]?.cancelled = true
    return takeHandles(where: { $0.cascade == cascade })
  }

  /// Whether `cascade` was cancelled while it ran; `nil` once it has ended.
  func isCancelled(cascade: CascadeID) -> Bool? {
    cascades[cascade]?.cancelled
  }

  private mutating func takeWaitersIfFinished(
    _ cascade: CascadeID
  ) -> [CheckedContinuation<Void, Never>] {
    guard let record = cascades[cascade], record.finished else { return [] }
    cascades[cascade] = nil
    return record.waiters
  }

  // MARK: Effect tasks

  /// Reserves a token for a task about to start in `cascade` with cancellation ids `ids`.
  ///
  /// Returns `nil` when the task must not run at all (the store was released, or the cascade
  /// was cancelled): the caller then starts nothing.
  mutating func reserve(
    ids: [AnyHashableSendable], origin: Action, cascade: CascadeID
  ) -> EffectToken? {
    guard case .active = lifecycle else { return nil }
    if cascades[cascade]?.cancelled == true { return nil }
    nextToken &+= 1
    let token = nextToken
    entries[token] = Entry(
      task: .reserved(cancelRequested: false), ids: ids, origin: origin, cascade: cascade)
    for id in ids { byID[id, default: []].insert(token) }
    cascades[cascade, default: Cascade()].running += 1
    return token
  }

  /// Attaches the started task to its token. Returns `true` if a cancellation arrived meanwhile,
  /// so the caller cancels the task.
  mutating func attach(_ handle: Handle, to token: EffectToken) -> Bool {
    guard let entry = entries[token] else { return false }
    entries[token]?.task = .attached(handle)
    if case .reserved(let cancelRequested) = entry.task { return cancelRequested }
    return false
  }

  /// Whether the task of `token` is still registered (has not returned).
  @inlinable
  func isRunning(_ token: EffectToken) -> Bool {
    entries[token] != nil
  }

  /// Removes a task that has returned, and takes the continuations its end releases.
  mutating func complete(_ token: EffectToken) -> [CheckedContinuation<Void, Never>] {
    guard let entry = entries.removeValue(forKey: token) else { return [] }
    for id in entry.ids {
      byID[id]?.remove(token)
      if byID[id]?.isEmpty == true { byID[id] = nil }
    }
    cascades[entry.cascade]?.running -= 1
    var resumed = takeWaitersIfFinished(entry.cascade)
    if !idleWaiters.isEmpty {
      var still: [IdleWaiter] = []
      for waiter in idleWaiters {
        if isIdle(ignoring: waiter.ignoring) {
          resumed.append(waiter.continuation)
        } else {
          still.append(waiter)
        }
      }
      idleWaiters = still
    }
    return resumed
  }

  /// Takes the handles of every task marked with `id`, to cancel. A cancelled task stays
  /// registered until it really ends (so "in flight" stays truthful), but leaves `id` now, so a
  /// new effect with `id` is not cancelled with it.
  mutating func cancel(id: AnyHashableSendable) -> [Handle] {
    guard let tokens = byID.removeValue(forKey: id) else { return [] }
    var handles: [Handle] = []
    for token in tokens {
      if let handle = requestCancellation(token) { handles.append(handle) }
    }
    return handles
  }

  /// Takes the handles of every running task, to cancel.
  mutating func cancelAll() -> [Handle] {
    takeHandles(where: { _ in true })
  }

  /// The store was released: takes every handle to cancel and every observer to finish.
  mutating func release() -> (handles: [Handle], observers: [StateObserver<State>]) {
    lifecycle = .released
    defer { observers = [:] }
    return (cancelAll(), Array(observers.values))
  }

  /// The number of running effect tasks.
  var count: Int { entries.count }

  /// The running tasks, each with the action whose effect started it.
  var running: [EffectToken: Action] { entries.mapValues(\.origin) }

  /// Registers `waiter` for the moment every task but `ignoring` has ended; returns `false` if
  /// that is already so.
  mutating func addIdleWaiter(
    ignoring: Set<EffectToken>, _ waiter: CheckedContinuation<Void, Never>
  ) -> Bool {
    guard !isIdle(ignoring: ignoring) else { return false }
    idleWaiters.append(IdleWaiter(ignoring: ignoring, continuation: waiter))
    return true
  }

  private func isIdle(ignoring: Set<EffectToken>) -> Bool {
    entries.count <= ignoring.count && entries.keys.allSatisfy(ignoring.contains)
  }

  private mutating func takeHandles(where include: (Entry) -> Bool) -> [Handle] {
    var handles: [Handle] = []
    for (token, entry) in entries where include(entry) {
      if let handle = requestCancellation(token) { handles.append(handle) }
    }
    return handles
  }

  /// The handle to cancel, or `nil` if the task does not exist yet (it is then cancelled when
  /// attached).
  private mutating func requestCancellation(_ token: EffectToken) -> Handle? {
    switch entries[token]?.task {
    case .attached(let handle): return handle
    case .reserved: entries[token]?.task = .reserved(cancelRequested: true)
    case nil: break
    }
    return nil
  }
}
