/// What a store does, whoever does it: the one shape of a store's core, after The Composable
/// Architecture's `Core`.
///
/// Two implementations: ``RootCore`` runs a reducer, publishes its state and runs its effects;
/// ``ScopedCore`` maps its parent store onto a child's state and actions and owns nothing else,
/// so every effect of a tree of scoped stores runs, is waited on and is cancelled at the root.
@usableFromInline
protocol StoreCore<State, Action>: AnyObject, Sendable {
  associatedtype State: Sendable
  associatedtype Action: Sendable

  /// The current state: the root's published state, or a scope's slice of it, computed now.
  var state: State { get }

  /// Handles `action` now (``Store/send(_:)``).
  func send(_ action: Action) -> StoreTask

  /// Registers `observer` with the root (through the scopes in between) and yields it the current
  /// state; returns how to remove it, or `nil` (having finished it) if the store is gone.
  func observe(_ observer: StateObserver<State>) -> (@Sendable () -> Void)?

  /// Whether a state equals the one before, for a scope of `Equatable` state: ``Store/states``
  /// skips it.
  var isDuplicate: (@Sendable (State, State) -> Bool)? { get }

  /// The root's effects, which every scope of it shares.
  var effects: any EffectHost { get }
}

/// The effects of a root store without its type parameters: what a ``StoreTask``, a scoped store
/// and an effect's `Task.cancel(id:)` reach.
@usableFromInline
protocol EffectHost: EffectCanceller, AnyObject {
  /// The number of effect tasks still running.
  var inFlightEffectCount: Int { get }
  /// Returns once every effect but those in `ignoring` has ended.
  func waitForEffects(ignoring: Set<EffectToken>) async
  /// Cancels every running effect.
  func cancelAllEffects()
  /// Cancels every effect of `cascade`, and refuses its new ones.
  func cancel(cascade: CascadeID)
  /// Returns once every effect of `cascade` has ended.
  func wait(cascade: CascadeID) async
}
