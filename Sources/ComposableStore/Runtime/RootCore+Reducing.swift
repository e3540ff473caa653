import SensorsCore
import Synchronization

/// What only the thread holding the store's reducer lock touches: the working state and the
/// reducer.
@usableFromInline
struct ReducerBox<State, Action: Sendable> {
  @usableFromInline var state: State
  @usableFromInline let reduce: (inout State, Action) -> Effect<Action>

  @inlinable
  init(state: State, reduce: @escaping (inout State, Action) -> Effect<Action>) {
    self.state = state
    self.reduce = reduce
  }
}

/// An action waiting in one drain of the reducer.
@usableFromInline
struct QueuedAction<Action> {
  @usableFromInline let action: Action
  /// The cascade its effects join; `nil` for the cascade of the drain's first action.
  @usableFromInline let cascade: CascadeID?
  /// Sent from inside the reducer: its cascade counts it as queued until it is reduced.
  @usableFromInline let reentrant: Bool

  @inlinable
  init(action: Action, cascade: CascadeID?, reentrant: Bool) {
    self.action = action
    self.cascade = cascade
    self.reentrant = reentrant
  }
}

extension RootCore {
  /// Runs the reducer for `action` and everything it fed back synchronously, on the calling
  /// thread, first in first out (The Composable Architecture's order).
  ///
  /// The reducer changes the store's state in place: the store keeps no other reference to it
  /// (see ``RootCore/state``), so an action costs what it changes, not the size of the state.
  ///
  /// The fast path, an action whose effect is `.none` on a store nobody observes and that sent
  /// nothing to itself, takes the reducer lock and the machine's lock once each and allocates,
  /// retains and releases nothing; anything else goes through ``drain(_:effect:cascade:box:)``.
  ///
  /// - Parameter cascade: The cascade the action belongs to (an effect's), or `nil` to start one
  ///   lazily, when the first effect task starts.
  @inlinable
  func process(_ action: Action, cascade: CascadeID?) -> StoreTask {
    reducer.withLock { box in
      drainer.store(currentThreadID(), ordering: .relaxed)
      let effect = box.reduce(&box.state, action)
      if effect.isNone, !machine.withLock({ $0.mustPublish }) {
        drainer.store(0, ordering: .relaxed)
        return StoreTask(nil)
      }
      let task = drain(action, effect: effect, cascade: cascade, box: &box)
      drainer.store(0, ordering: .relaxed)
      return task
    }
  }

  /// The rest of ``process(_:cascade:)`` once `action` was reduced to `effect`: starts its
  /// effects, publishes, and reduces what it fed back until the queue is empty.
  @inlinable
  func drain(
    _ action: Action,
    effect first: Effect<Action>,
    cascade: CascadeID?,
    box: inout ReducerBox<State, Action>
  ) -> StoreTask {
    var root = cascade
    var queue: [QueuedAction<Action>] = []
    var head = 0
    var current = QueuedAction(action: action, cascade: nil, reentrant: false)
    var effect = first
    while true {
      var fedBack: [QueuedAction<Action>] = []
      if !effect.isNone {
        start(effect, of: current, root: &root, fedBack: &fedBack)
      }
      publish(&box, after: current, into: &queue)
      if !fedBack.isEmpty { queue += fedBack }
      guard head < queue.count else { break }
      current = queue[head]
      head += 1
      effect = box.reduce(&box.state, current.action)
    }
    guard cascade == nil, let root else { return StoreTask(nil) }
    return StoreTask(CascadeHandle(id: root, host: self))
  }

  /// Publishes the state after `current`: yields it to the observers and queues the actions
  /// sent from inside the reducer; then the store forgets it, and holds the reducer's state
  /// alone again (an observer may keep what it was yielded). Counts `current` reduced if it was
  /// sent from inside the reducer.
  @inlinable
  func publish(
    _ box: inout ReducerBox<State, Action>,
    after current: QueuedAction<Action>,
    into queue: inout [QueuedAction<Action>]
  ) {
    let taken = machine.withLock { machine in
      machine.mustPublish ? machine.takePublished(box.state) : nil
    }
    if let taken { take(taken, state: box.state, into: &queue) }
    let reduced = current.reentrant ? current.cascade : nil
    guard taken?.yield.isEmpty == false || reduced != nil else { return }
    // The forgotten state is released here, once the lock is.
    run(machine.withLock { $0.endPublication(reduced: reduced) }.afterUnlock)
  }

  /// Starts what `current`'s effect (not `.none`) does: `.send` actions go to `fedBack`, tasks
  /// join the cascade (`root`, allocated by the first task of the drain's first action).
  @inlinable
  func start(
    _ effect: Effect<Action>,
    of current: QueuedAction<Action>,
    root: inout CascadeID?,
    fedBack: inout [QueuedAction<Action>]
  ) {
    var started = current.cascade ?? root
    _ = start(
      effect, origin: current.action, cascade: &started,
      enqueue: {
        fedBack.append(QueuedAction(action: $0, cascade: current.cascade, reentrant: false))
      })
    if current.cascade == nil { root = started }
  }

  /// Feeds the observers the new state and queues the actions sent from inside the reducer.
  ///
  /// Yielded outside the core lock (an observer's onTermination takes it); the reducer lock, still
  /// held, keeps the order of states.
  @inlinable
  func take(
    _ published: Machine.AfterUnlock,
    state: State,
    into queue: inout [QueuedAction<Action>]
  ) {
    for observer in published.yield.values { observer.yield(state) }
    for sent in published.reduce {
      queue.append(QueuedAction(action: sent.action, cascade: sent.cascade, reentrant: true))
    }
  }

  /// An action sent from inside the reducer on this thread: queue it for the running drain.
  @usableFromInline
  func enqueueReentrant(_ action: Action) -> StoreTask {
    let cascade = machine.withLock { $0.enqueueReentrant(action) }
    return StoreTask(CascadeHandle(id: cascade, host: self))
  }

  /// An action sent by an effect: handled before `Send` returns, which gives back-pressure.
  ///
  /// Inlinable, so the `deliver` closure made in the store's inlinable initialiser runs the
  /// caller's specialised ``process(_:cascade:)`` rather than the generic one.
  @inlinable
  func sendFromEffect(_ action: Action, source: EffectSource<Action>) {
    switch machine.withLock({ $0.delivery(from: source.token) }) {
    case .drop:
      return
    case .deliverFromCompletedEffect:
      if let site = source.site {
        reportSentFromCompletedEffect(action, source: source, at: site)
      }
    case .deliver:
      break
    }
    if drainer.load(ordering: .relaxed) == currentThreadID() {
      _ = enqueueReentrant(action)
      return
    }
    // The effect's task has its own dependencies bound; the action is reduced in the store's.
    guard DependencyScope.current === source.home else {
      DependencyScope.rebinding(source.home) { _ = process(action, cascade: source.cascade) }
      return
    }
    _ = process(action, cascade: source.cascade)
  }
}
