import Synchronization

/// What only the thread running the reducer touches, behind the store's reducer lock.
@usableFromInline
struct Engine<State, Action: Sendable> {
  @usableFromInline var state: State
  @usableFromInline let reduce: (inout State, Action) -> Effect<Action>
  /// How effect tasks deliver actions back to the store (holds it weakly).
  @usableFromInline var deliver: (@Sendable (Action) async -> Void)?
  /// Actions waiting in this drain (fed back by `Effect.send` or sent from inside the reducer).
  @usableFromInline var queue: [QueuedAction<Action>] = []
  @usableFromInline var head = 0

  @inlinable
  init(state: State, reduce: @escaping (inout State, Action) -> Effect<Action>) {
    self.state = state
    self.reduce = reduce
  }

  @inlinable
  mutating func dequeue() -> QueuedAction<Action>? {
    guard head < queue.count else {
      if !queue.isEmpty {
        queue.removeAll(keepingCapacity: true)
        head = 0
      }
      return nil
    }
    defer { head += 1 }
    return queue[head]
  }
}

/// An action waiting for the reducer, with where its effects' tasks go.
@usableFromInline
struct QueuedAction<Action: Sendable>: Sendable {
  @usableFromInline
  enum Owner: Sendable {
    /// Part of the `send` being processed: its tasks join the returned `StoreTask`.
    case caller
    /// Sent from inside the reducer: its tasks go to the `StoreTask` that send returned.
    case pending(PendingEffects)
    /// Sent by an effect: nobody awaits its effects.
    case effect
  }

  @usableFromInline let action: Action
  @usableFromInline let owner: Owner

  @inlinable
  init(action: Action, owner: Owner) {
    self.action = action
    self.owner = owner
  }
}

/// The state readers see, and the observers of `states`.
@usableFromInline
struct Published<State: Sendable>: Sendable {
  @usableFromInline var state: State
  @usableFromInline var observers: [Int: AsyncStream<State>.Continuation] = [:]
  @usableFromInline var nextObserverID = 0

  @inlinable
  init(state: State) {
    self.state = state
  }
}

extension Store {
  /// Runs the reducer for `action` and everything queued behind it, on the calling thread.
  @inlinable
  func process(_ action: Action, owner: QueuedAction<Action>.Owner = .caller) -> StoreTask {
    engine.withLock { engine in
      let thread = currentThreadID()
      drainer.store(thread, ordering: .relaxed)
      var callerTasks: [Task<Void, Never>] = []
      var pendings: [PendingEffects] = []
      var next: QueuedAction<Action>? = QueuedAction(action: action, owner: owner)
      while let current = next {
        run(current, in: &engine, callerTasks: &callerTasks, pendings: &pendings)
        if reentrantCount.load(ordering: .relaxed) > 0 {
          let queued = reentrant.withLock { queued in
            defer { queued.removeAll() }
            return queued
          }
          reentrantCount.subtract(queued.count, ordering: .relaxed)
          engine.queue += queued
        }
        next = engine.dequeue()
      }
      let state = engine.state
      published.withLock { $0.state = state }
      drainer.store(0, ordering: .relaxed)
      for pending in pendings { pending.seal() }
      return callerTasks.isEmpty ? StoreTask(.none) : StoreTask(.tasks(callerTasks))
    }
  }

  /// Handles one action: reduce, start its effects, and show observers the new state.
  @inlinable
  func run(
    _ current: QueuedAction<Action>,
    in engine: inout Engine<State, Action>,
    callerTasks: inout [Task<Void, Never>],
    pendings: inout [PendingEffects]
  ) {
    let effect = engine.reduce(&engine.state, current.action)
    if case .pending(let pending) = current.owner { pendings.append(pending) }
    if !effect.isNone, let deliver = engine.deliver {
      var tasks: [Task<Void, Never>] = []
      var fedBack: [QueuedAction<Action>] = []
      runtime.start(
        effect, origin: current.action, send: deliver,
        enqueue: { fedBack.append(QueuedAction(action: $0, owner: current.owner)) },
        tasks: &tasks
      )
      engine.queue += fedBack
      switch current.owner {
      case .caller: callerTasks += tasks
      case .pending(let pending): pending.append(tasks)
      case .effect: break
      }
    }
    if observerCount.load(ordering: .relaxed) > 0 {
      let state = engine.state
      let observers = published.withLock { published in
        published.state = state
        return published.observers
      }
      // Yielded outside the lock: a cancelled observer's onTermination takes it while the
      // runtime holds that observer task's lock, which `yield` needs to resume the task.
      // The reducer lock, still held, keeps the order of states.
      for observer in observers.values { observer.yield(state) }
    }
  }

  /// An action sent from inside the reducer on this thread: queue it for the running drain.
  @usableFromInline
  func enqueueReentrant(_ action: Action) -> StoreTask {
    let pending = PendingEffects()
    reentrant.withLock { $0.append(QueuedAction(action: action, owner: .pending(pending))) }
    reentrantCount.add(1, ordering: .relaxed)
    return StoreTask(.pending(pending))
  }

  /// An action sent by an effect: handled before `Send` returns, which gives back-pressure.
  @inlinable
  func sendFromEffect(_ action: Action) {
    if drainer.load(ordering: .relaxed) == currentThreadID() {
      _ = enqueueReentrant(action)
      return
    }
    _ = process(action, owner: .effect)
  }
}
