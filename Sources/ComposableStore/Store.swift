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
  /// The core of a store that runs its own reducer; `nil` for a scoped store. `send` and
  /// `state` reach it directly, by optional chaining, so a root store's hot paths run code
  /// specialised for its types: binding it, or keeping it in an enum, costs each `send` a retain
  /// and a release.
  @usableFromInline let root: RootCore<State, Action>?
  /// What the store does: its root core (the same object as ``root``), or a ``ScopedCore`` over
  /// its parent store.
  @usableFromInline let core: any StoreCore<State, Action>

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
    // Each action an effect sends runs the code specialised here (see `Deliver`).
    let deliver: Deliver<State, Action> = { core, source in
      Send { action in core.sendFromEffect(action, source: source) }
    }
    let root = RootCore(
      state: initialState, reduce: bindingCapturedDependencies(reduce), deliver: deliver,
      reportIssue: reportUnhandled ?? printRuntimeWarning)
    self.root = root
    self.core = root
  }

  /// A store with no reducer of its own, whose `core` maps a parent store's: the seam on which
  /// `Store.scope` is built.
  init(scoped core: any StoreCore<State, Action>) {
    self.root = nil
    self.core = core
  }

  /// Releasing a store that runs its own reducer cancels its effects and finishes its observers.
  /// (A scoped store holds its parent, so the root goes only after the last of its scopes.)
  deinit {
    root?.release()
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
    root?.send(action) ?? core.send(action)
  }

  /// The current state, as of the last action the reducer finished. A scoped store reads it
  /// from its parent's now, each time.
  ///
  /// The store keeps a single copy of its state, which the reducer changes in place, so an
  /// action costs what it changes, not the size of the state. Reading shares that copy: while
  /// the value read is kept, the next change to a part of the state copies that part once.
  /// Read on another thread while the reducer runs, it waits for the reducer to be free (so a
  /// reducer or observer must not block waiting for another thread that reads this store). Read by
  /// code that runs for an observer while the store yields it a state (``ifLet(then:else:)``'s
  /// closures), it is that state. Read from inside the store's own reducer, which should use its
  /// `state` argument, it is the store's initial state, and the store reports the misuse as a
  /// runtime warning (a test failure in a test store). Keeping the initial state for that case
  /// costs the first change to each part of the state one copy of that part.
  @inlinable
  public var state: State {
    root?.state ?? core.state
  }

  /// What `body` computes from the current ``state``: TCA's `withState`, for code ported from
  /// it (`store.withState(\.count)`); `store.state.count` reads the same.
  public func withState<Result>(_ body: (_ state: State) -> Result) -> Result {
    body(state)
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
    if let isDuplicate = core.isDuplicate {
      observer = observer.skippingDuplicates(isDuplicate)
    }
    if let stop = core.observe(observer) {
      continuation.onTermination = { _ in stop() }
    }
    return stream
  }

  /// The number of effect tasks still running: the root store's, for a scoped store.
  public var inFlightEffectCount: Int {
    core.effects.inFlightEffectCount
  }

  /// The running effect tasks of a store that runs its own reducer, each with the action whose
  /// effect started it (none for a scoped store: its effects' actions are its root's).
  package var inFlightEffects: [UInt64: Action] {
    root?.inFlightEffects ?? [:]
  }

  /// Returns once no effect of this store (of its root, for a scoped store) is running, except
  /// those in `ignoring` (keys of the root's ``inFlightEffects``).
  package func waitForEffects(ignoring: Set<UInt64> = []) async {
    await core.effects.waitForEffects(ignoring: ignoring)
  }

  /// Cancels every running effect of this store (of its root, for a scoped store).
  package func cancelAllEffects() {
    core.effects.cancelAllEffects()
  }
}

/// What a store without a test around it does with an unhandled effect error: tell a person.
@Sendable
@usableFromInline
func printRuntimeWarning(_ message: String, fileID: StaticString, line: UInt) {
  var standardError = StandardError()
  print("[composable-sensors] \(fileID):\(line): warning: \(message)", to: &standardError)
}
