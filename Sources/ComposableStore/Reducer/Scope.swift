/// Runs a child feature's reducer on a part of the parent's state, for the parent actions that
/// wrap a child action, and lifts the child's effects into parent actions.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.motion, action: Action.motionPath) { MotionFeature() }
///   Reduce { state, action in … }   // sees every action, after the child
/// }
/// ```
///
/// List `Scope` before the parent's own `Reduce`, so the parent sees the child's new state.
public struct Scope<ParentState, ParentAction: Sendable, Child: Reducer>: Reducer {
  @usableFromInline let toChildState: WritableKeyPath<ParentState, Child.State>
  @usableFromInline let toChildAction: ActionPath<ParentAction, Child.Action>
  @usableFromInline let child: Child

  /// Scopes `child` to the state at `state` and the actions `action` extracts.
  ///
  /// - Parameters:
  ///   - state: Where the child's state lives in the parent's state.
  ///   - action: How the parent's action embeds the child's action.
  ///   - child: The child feature's reducer.
  @inlinable
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: ActionPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = state
    self.toChildAction = action
    self.child = child()
  }

  /// Scopes `child` with the two directions of the action path given as closures.
  @inlinable
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action embed: @escaping @Sendable (ChildAction) -> ParentAction,
    extract: @escaping @Sendable (ParentAction) -> ChildAction?,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: state, action: ActionPath(embed: embed, extract: extract), child: child)
  }

  /// Runs the child reducer if `action` embeds a child action; otherwise does nothing.
  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(action) else { return .none }
    let effect = child.reduce(into: &state[keyPath: toChildState], action: childAction)
    if case .none = effect.operation { return .none }
    return effect.map(toChildAction.embed)
  }
}
