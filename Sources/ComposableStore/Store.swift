import SensorsCore
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
/// - Effects run in The Composable Architecture's order: the `.send` actions of an effect
///   (alone, merged or concatenated) are handled before ``send(_:)`` returns, first in, first out.
/// - The returned ``StoreTask`` covers the whole cascade: the effects of `action` and those of
///   every action they fed back.
///
/// See <doc:Performance> for the measurements behind this choice, and <doc:DifferencesFromTCA>
/// for what deliberately differs.
public final class Store<State: Sendable, Action: Sendable>: Sendable {
  /// The reducer's lock: held while the reducer runs, so another thread's `send` waits for it.
  /// Lock order: this lock, then the runtime's core lock (never the reverse).
  @usableFromInline let reducer: Mutex<ReducerBox<State, Action>>
  /// The thread holding ``reducer``, or 0: a `send` from that thread comes from inside the
  /// reducer and is queued instead of deadlocking.
  @usableFromInline let drainer = Atomic<UInt>(0)
  /// The state machine of everything else (published state, observers, inbox, effects).
  @usableFromInline let runtime: StoreRuntime<State, Action>
  /// Set for a store that forwards to a parent store (the seam for scoping).
  @usableFromInline let parent: StoreForwarding<State, Action>?

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

  /// The designated initialiser, also used by `TestStore`, which routes effect issues to the test.
  ///
  /// - Parameters:
  ///   - reportUnhandled: Receives the issues effects raise (an error thrown by a `run` effect
  ///     without a `catch` handler, an action sent from a completed effect) with the effect's
  ///     site; `nil` prints them to standard error as runtime warnings.
  ///   - immediateSends: whether effects' senders offer `Send.immediate`, which runs the reducer
  ///     on the producer's thread, outside the effect's task. `TestStore` turns it off, so that
  ///     every action an effect sends is reduced inside that effect's task, where the running
  ///     test's task-locals attribute any issue to it.
  @inlinable
  package init(
    initialState: State,
    reduce: sending @escaping (inout State, Action) -> Effect<Action>,
    reportUnhandled: (@Sendable (String, StaticString, UInt) -> Void)?,
    immediateSends: Bool = true
  ) {
    self.reducer = Mutex(
      ReducerBox(state: initialState, reduce: bindingCapturedDependencies(reduce)))
    self.runtime = StoreRuntime(
      state: initialState, reportIssue: reportUnhandled ?? printRuntimeWarning)
    self.parent = nil
    let deliver: Deliver<Action> = { [weak self] source in
      guard immediateSends else {
        return Send { [weak self] action in self?.sendFromEffect(action, source: source) }
      }
      return Send.delivering { [weak self] action in
        self?.sendFromEffect(action, source: source)
      }
    }
    reducer.withLock { $0.deliver = deliver }
  }

  /// A store with no reducer of its own that forwards every call to a parent store: the seam on
  /// which `Store.scope` is built. Its effects and cancellation ids live in the parent's core.
  package init(forwardingTo parent: StoreForwarding<State, Action>) {
    let state = parent.state()
    self.reducer = Mutex(ReducerBox(state: state, reduce: { _, _ in .none }))
    self.runtime = StoreRuntime(state: state, reportIssue: printRuntimeWarning)
    self.parent = parent
  }

  deinit {
    runtime.release()
  }

  /// Handles `action` now: runs the reducer, starts the effects it returns, handles the actions
  /// those effects send synchronously, and returns a handle to the cascade of effects.
  ///
  /// Returns after the reducer has run, so ``state`` already reflects `action` and every `.send`
  /// action its effects fed back. Another thread sending at the same time waits for the reducer
  /// to be free. Sent from inside the reducer, the action is queued and handled right after the
  /// current one.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    if let parent { return parent.send(action) }
    if drainer.load(ordering: .relaxed) == currentThreadID() {
      return enqueueReentrant(action)
    }
    return process(action, cascade: nil)
  }

  /// The current state, as of the last action the reducer finished.
  @inlinable
  public var state: State {
    if let parent { return parent.state() }
    return runtime.core.withLock { $0.published }
  }

  /// The state now, then after every action that the reducer handles, for as long as the
  /// consumer iterates and the store lives.
  ///
  /// Buffering: a consumer slower than the reducer sees only the newest state (intermediate
  /// states are skipped, never queued), so rendering at 30 Hz a store fed at 1 kHz costs no memory.
  public var states: AsyncStream<State> {
    if let parent { return parent.states() }
    let (stream, continuation) = AsyncStream.makeStream(
      of: State.self, bufferingPolicy: .bufferingNewest(1))
    let runtime = self.runtime
    let key = runtime.core.withLock { core in
      let key = core.addObserver(continuation)
      continuation.yield(core.published)
      return key
    }
    guard let key else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { _ in
      // Safe inside a cancellation: nothing yields to an observer while holding the core lock.
      runtime.core.withLock { $0.removeObserver(key) }
    }
    return stream
  }

  /// The number of effect tasks still running.
  public var inFlightEffectCount: Int {
    if let parent { return parent.inFlightEffectCount() }
    return runtime.core.withLock(\.count)
  }

  /// The running effect tasks, each with the action whose effect started it.
  package var inFlightEffects: [UInt64: Action] {
    runtime.core.withLock(\.running)
  }

  /// Returns once no effect of this store is running, except those in `ignoring` (keys of
  /// ``inFlightEffects``).
  package func waitForEffects(ignoring: Set<UInt64> = []) async {
    await runtime.waitUntilIdle(ignoring: ignoring)
  }

  /// Cancels every running effect of this store.
  package func cancelAllEffects() {
    runtime.cancelAll()
  }
}

/// How a forwarding store reaches its parent (see ``Store/init(forwardingTo:)``).
@usableFromInline
package struct StoreForwarding<State: Sendable, Action: Sendable>: Sendable {
  @usableFromInline let send: @Sendable (Action) -> StoreTask
  @usableFromInline let state: @Sendable () -> State
  let states: @Sendable () -> AsyncStream<State>
  let inFlightEffectCount: @Sendable () -> Int

  /// Creates the forwarding from the parent's operations, already mapped to the child's types.
  package init(
    send: @escaping @Sendable (Action) -> StoreTask,
    state: @escaping @Sendable () -> State,
    states: @escaping @Sendable () -> AsyncStream<State>,
    inFlightEffectCount: @escaping @Sendable () -> Int
  ) {
    self.send = send
    self.state = state
    self.states = states
    self.inFlightEffectCount = inFlightEffectCount
  }
}

/// What a store without a test around it does with an unhandled effect error: tell a person.
@Sendable
@usableFromInline
func printRuntimeWarning(_ message: String, fileID: StaticString, line: UInt) {
  var standardError = StandardError()
  print("[composable-sensors] \(fileID):\(line): warning: \(message)", to: &standardError)
}
