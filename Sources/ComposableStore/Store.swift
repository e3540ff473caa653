import Synchronization

/// Runs a feature: holds its state, runs its reducer for every action, runs the effects the
/// reducer returns, and lets anyone read or observe the state.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) { Counter() }
/// store.send(.increment)
/// print(store.state.count)          // 1: `send` returns after the reducer ran
/// for await state in store.states { render(state) }
/// ```
///
/// ## Isolation
///
/// The store is `Sendable` and not tied to an actor: a lock serialises the reducer, so
/// ``send(_:)`` is synchronous from any thread and an effect's action reaches the reducer without
/// a hop to another executor. The guarantees:
/// - The reducer never runs concurrently with itself, and each ``send(_:)`` returns after the
///   reducer handled the action (and the actions it fed back with `Effect.send`).
/// - Actions an effect sends are handled in the order it sends them; ``Send`` returns once its
///   action was handled, which bounds what waits to the number of running effects.
/// - A send made from inside the reducer itself (reentrancy) is queued and handled right after
///   the current action, never deadlocking.
/// - Releasing the store cancels every effect it started.
///
/// See the "Performance" article for the measurements behind this choice.
public final class Store<State: Sendable, Action: Sendable>: Sendable {
  @usableFromInline let engine: Mutex<Engine<State, Action>>
  @usableFromInline let published: Mutex<Published<State>>
  /// The thread currently running the reducer, or 0.
  @usableFromInline let drainer = Atomic<UInt>(0)
  /// Actions sent from inside the reducer, handled once it returns.
  @usableFromInline let reentrant = Mutex<[QueuedAction<Action>]>([])
  @usableFromInline let reentrantCount = Atomic<Int>(0)
  @usableFromInline let observerCount = Atomic<Int>(0)
  @usableFromInline let runtime: EffectRuntime<Action>

  /// Creates a store that starts in `initialState` and runs `reducer` for every action.
  @inlinable
  public convenience init<R: Reducer<State, Action>>(initialState: State, reducer: sending R) {
    self.init(
      initialState: initialState, reduce: reducer.reduce(into:action:), reportUnhandled: nil)
  }

  /// Creates a store that starts in `initialState` and runs the reducer `build` returns:
  /// `Store(initialState: .init()) { Feature() }`.
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: State,
    @ReducerBuilder<State, Action> _ build: () -> sending R
  ) {
    self.init(initialState: initialState, reducer: build())
  }

  /// The designated initialiser, also used by `TestStore`, which routes effect errors to the test.
  ///
  /// - Parameter reportUnhandled: Receives errors thrown by `run` effects without a `catch`
  ///   handler; `nil` prints them to standard error as runtime warnings.
  @inlinable
  package init(
    initialState: State,
    reduce: sending @escaping (inout State, Action) -> Effect<Action>,
    reportUnhandled: (@Sendable (String, StaticString, UInt) -> Void)?
  ) {
    self.engine = Mutex(Engine(state: initialState, reduce: reduce))
    self.published = Mutex(Published(state: initialState))
    self.runtime = EffectRuntime(reportUnhandled: reportUnhandled ?? printRuntimeWarning)
    let deliver: @Sendable (Action) async -> Void = { [weak self] action in
      self?.sendFromEffect(action)
    }
    engine.withLock { $0.deliver = deliver }
  }

  deinit {
    runtime.cancelAll()
    let observers = published.withLock { published in
      defer { published.observers = [:] }
      return published.observers.values
    }
    for observer in observers { observer.finish() }
  }

  /// Handles `action` now: runs the reducer, starts the effects it returns, and returns a handle
  /// to those effects.
  ///
  /// Returns after the reducer has run, so ``state`` already reflects `action`. Another thread
  /// sending at the same time waits for the reducer to be free. Sent from inside the reducer,
  /// the action is queued and handled right after the current one.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    if drainer.load(ordering: .relaxed) == currentThreadID() {
      return enqueueReentrant(action)
    }
    return process(action)
  }

  /// The current state, as of the last action the reducer finished.
  @inlinable
  public var state: State {
    published.withLock { $0.state }
  }

  /// The state now, then after every action that the reducer handles, for as long as the
  /// consumer iterates and the store lives.
  ///
  /// Buffering: a consumer slower than the reducer sees only the newest state (intermediate
  /// states are skipped, never queued), so rendering at 30 Hz a store fed at 1 kHz costs no memory.
  public var states: AsyncStream<State> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: State.self, bufferingPolicy: .bufferingNewest(1))
    let id = published.withLock { published in
      published.nextObserverID += 1
      published.observers[published.nextObserverID] = continuation
      continuation.yield(published.state)
      return published.nextObserverID
    }
    observerCount.add(1, ordering: .relaxed)
    continuation.onTermination = { [weak self] _ in
      // Safe inside a cancellation: nothing yields to an observer while holding `published`.
      guard let self else { return }
      let removed = self.published.withLock { $0.observers.removeValue(forKey: id) != nil }
      if removed { self.observerCount.subtract(1, ordering: .relaxed) }
    }
    return stream
  }

  /// The number of effect tasks still running.
  public var inFlightEffectCount: Int {
    runtime.registry.withLock(\.count)
  }

  /// The actions whose effects are still running, one entry per running effect task.
  package var inFlightEffectOrigins: [Action] {
    runtime.inFlightOrigins
  }

  /// Returns once no effect of this store is running.
  package func waitForEffects() async {
    await runtime.waitUntilIdle()
  }

  /// Cancels every running effect of this store.
  package func cancelAllEffects() {
    runtime.cancelAll()
  }
}

/// What a store without a test around it does with an unhandled effect error: tell a person.
@Sendable
@usableFromInline
func printRuntimeWarning(_ message: String, fileID: StaticString, line: UInt) {
  var standardError = StandardError()
  print("[composable-sensors] \(fileID):\(line): warning: \(message)", to: &standardError)
}
