/// A feature's logic: how an action changes the state, and which ``Effect`` runs afterwards.
///
/// Conform in one of two ways. Implement ``reduce(into:action:)`` for logic of your own:
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action: Equatable { case increment }
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     state.count += 1
///     return .none
///   }
/// }
/// ```
///
/// Or implement ``body-swift.property`` to compose other reducers, in order, with
/// ``ReducerBuilder``:
///
/// ```swift
/// struct App: Reducer {
///   struct State { var counter = Counter.State() }
///   enum Action { case counter(Counter.Action) }
///   var body: some Reducer<State, Action> {
///     Scope(state: \.counter, action: ActionPath(embed: Action.counter) {
///       guard case let .counter(action) = $0 else { return nil }; return action
///     }) { Counter() }
///   }
/// }
/// ```
///
/// A reducer runs only inside a ``Store``, which guarantees it never runs concurrently with
/// itself, so it may keep non-`Sendable` dependencies. Actions must be `Sendable` because effects
/// send them from other tasks.
public protocol Reducer<State, Action> {
  /// The feature's state.
  associatedtype State
  /// Everything that can happen to the feature: user events, effect results, sensor samples.
  associatedtype Action: Sendable
  /// The reducer this one is made of, when it is built by composition.
  associatedtype Body

  /// Applies `action` to `state` and returns the effect to run next (`.none` for nothing).
  ///
  /// Keep it synchronous, fast and free of side effects: put waits and I/O in the returned effect.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this one is composed of, run in order for every action.
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

extension Reducer where Body: Reducer<State, Action> {
  /// Runs ``body-swift.property`` for reducers built by composition.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

extension Reducer where Body == Never {
  /// Reducers that implement ``reduce(into:action:)`` have no body; the store never asks for it.
  ///
  /// Only an explicit call from user code can get here, which is a programming error, not input.
  public var body: Body {
    preconditionFailure(
      "'\(Self.self)' implements 'reduce(into:action:)' and has no 'body'; call 'reduce' instead."
    )
  }
}

/// A shorthand for a reducer of `R`'s own state and action: `some ReducerOf<Self>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>
