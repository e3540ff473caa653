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
  /// The reducer and runtime of a store that runs its own reducer; `nil` for a scoped store,
  /// which forwards to its parent (the seam for scoping). `send` and `state` reach it directly,
  /// by optional chaining: binding it, or keeping it in an enum, costs each `send` a retain and
  /// a release.
  @usableFromInline let root: StoreRoot<State, Action>?
  /// What the store does: a root store's own operations, or a scope's, mapped onto its parent's.
  @usableFromInline let operations: StoreOperations<State, Action>

  /// Creates a store that starts in `initialState` and runs `reducer` for every action.
  @inlinable
  public convenience init<R: Reducer<State, Action>>(initialState: State, reducer: sending R) {
    self.init(
      initialState: initialState, reduce: reducer.reduce(into:action:), reportUnhandled: nil)
  }

  /// Creates a store that starts in `initialState` and runs the reducer `build` returns:
  /// `Store(initialState: .init()) { Feature() }`, or `Store(initialState: 0) { counter }` for a
  /// reducer made beforehand.
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: State,
    @ReducerBuilder<State, Action> _ build: sending () -> R
  ) {
    self.init(initialState: initialState, reducer: build())
  }

  /// The designated initialiser, also used by `TestStore`, which routes effect issues to the test.
  ///
  /// - Parameters:
  ///   - reportUnhandled: Receives the issues effects raise (an error thrown by a `run` effect
  ///     without a `catch` handler, an action sent from a completed effect) with the effect's
  ///     site; `nil` prints them to standard error as runtime warnings.
  @inlinable
  package init(
    initialState: State,
    reduce: sending @escaping (inout State, Action) -> Effect<Action>,
    reportUnhandled: (@Sendable (String, StaticString, UInt) -> Void)?
  ) {
    let root = StoreRoot(
      state: initialState, reduce: bindingCapturedDependencies(reduce),
      reportIssue: reportUnhandled ?? printRuntimeWarning)
    self.root = root
    self.operations = root.operations
    // Effects hold the store weakly (not the root, which a weak reference would slow down):
    // releasing the store, the root's only owner, cancels them.
    let deliver: Deliver<Action> = { [weak self] source in
      Send { [weak self] action in self?.root?.sendFromEffect(action, source: source) }
    }
    root.reducer.withLock { $0.deliver = deliver }
  }

  /// A store with no reducer of its own that forwards every call to a parent store: the seam on
  /// which `Store.scope` is built. It reads no state until asked; its effects and cancellation
  /// ids live in the parent's core.
  init(forwardingTo parent: StoreOperations<State, Action>) {
    self.root = nil
    self.operations = parent
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
    root?.send(action) ?? operations.send(action)
  }

  /// The current state, as of the last action the reducer finished. A scoped store reads it
  /// from its parent's now, each time.
  @inlinable
  public var state: State {
    root?.runtime.core.withLock { $0.published } ?? operations.state()
  }

  /// The state now, then after every action that the reducer handles, for as long as the
  /// consumer iterates and the store lives.
  ///
  /// Buffering: a consumer slower than the reducer sees only the newest state (intermediate
  /// states are skipped, never queued), so rendering at 30 Hz a store fed at 1 kHz costs no memory.
  ///
  /// The first state is yielded before this returns. A scoped store computes its state for each
  /// consumer after every action the root store handles, as TCA's scoped stores do for each
  /// subscriber.
  public var states: AsyncStream<State> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: State.self, bufferingPolicy: .bufferingNewest(1))
    var observer = StateObserver(continuation)
    // Skipped for this subscriber only: the scopes in between compute their slices every time,
    // as TCA's do.
    if let isDuplicate = operations.isDuplicate {
      observer = observer.skippingDuplicates(isDuplicate)
    }
    if let stop = observe(observer) {
      continuation.onTermination = { _ in stop() }
    }
    return stream
  }

  /// Registers `observer` with the root store (through the scopes in between) and yields it the
  /// current state; returns how to remove it, or `nil` (having finished it) if the store is gone.
  func observe(_ observer: StateObserver<State>) -> (@Sendable () -> Void)? {
    operations.observe(observer)
  }

  /// The number of effect tasks still running.
  public var inFlightEffectCount: Int {
    operations.inFlightEffectCount()
  }

  /// The running effect tasks, each with the action whose effect started it (none for a scoped
  /// store, whose effects are its parent's).
  package var inFlightEffects: [UInt64: Action] {
    guard let root else { return [:] }
    return root.runtime.core.withLock(\.running)
  }

  /// Returns once no effect of this store is running, except those in `ignoring` (keys of
  /// ``inFlightEffects``).
  package func waitForEffects(ignoring: Set<UInt64> = []) async {
    guard let root else { return }
    await root.runtime.waitUntilIdle(ignoring: ignoring)
  }

  /// Cancels every running effect of this store.
  package func cancelAllEffects() {
    guard let root else { return }
    root.runtime.cancelAll()
  }
}

/// What a store does, as closures: a root store's own operations, or those of a scope, which
/// map its parent's (see ``Store/init(forwardingTo:)``).
@usableFromInline
struct StoreOperations<State: Sendable, Action: Sendable>: Sendable {
  @usableFromInline let send: @Sendable (Action) -> StoreTask
  @usableFromInline let state: @Sendable () -> State
  let observe: @Sendable (StateObserver<State>) -> (@Sendable () -> Void)?
  /// Whether a state equals the one before, for `Equatable` state: `states` skips it.
  let isDuplicate: (@Sendable (State, State) -> Bool)?
  let inFlightEffectCount: @Sendable () -> Int

  /// Creates the operations from closures; a scope's are its parent's, mapped to its types.
  init(
    send: @escaping @Sendable (Action) -> StoreTask,
    state: @escaping @Sendable () -> State,
    observe: @escaping @Sendable (StateObserver<State>) -> (@Sendable () -> Void)?,
    isDuplicate: (@Sendable (State, State) -> Bool)?,
    inFlightEffectCount: @escaping @Sendable () -> Int
  ) {
    self.send = send
    self.state = state
    self.observe = observe
    self.isDuplicate = isDuplicate
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
