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
///
/// The child's state can also be one case of an enum state, as in TCA:
/// `Scope(state: CasePath(State.tracking), action: Action.tracking) { Tracking() }` runs the child
/// while the state is that case; an action for it in another case is dropped and reported as a
/// runtime warning (a test failure under `TestStore`). Unlike
/// ``Reducer/ifCaseLet(_:action:then:fileID:filePath:line:column:)`` it does not cancel the
/// child's effects when the case changes.
public struct Scope<ParentState, ParentAction: Sendable, Child: Reducer>: Reducer {
  /// Where the child's state lives: a stored property, or one case of an enum state.
  @usableFromInline
  enum ChildState {
    case property(WritableKeyPath<ParentState, Child.State>)
    case enumCase(CasePath<ParentState, Child.State>, SourceSite)
  }

  @usableFromInline let toChildState: ChildState
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
    self.toChildState = .property(state)
    self.toChildAction = action
    self.child = child()
  }

  /// Scopes `child` to one case of an enum state: it runs while the state is that case.
  ///
  /// - Parameters:
  ///   - state: The case of the parent's state that holds the child's state.
  ///   - action: How the parent's action embeds the child's action.
  ///   - child: The child feature's reducer.
  ///   - fileID: Where this `Scope` is written, for warnings.
  ///   - filePath: Where this `Scope` is written, for warnings.
  ///   - line: Where this `Scope` is written.
  ///   - column: Where this `Scope` is written.
  @inlinable
  public init<ChildState, ChildAction>(
    state: CasePath<ParentState, ChildState>,
    action: ActionPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .enumCase(
      state, SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
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
    let effect: Effect<Child.Action>
    switch toChildState {
    case .property(let keyPath):
      effect = child.reduce(into: &state[keyPath: keyPath], action: childAction)
    case .enumCase(let casePath, let site):
      guard var childState = casePath.extract(state) else {
        site.warn(CompositionWarning.scopeOtherCase(action: action, state: state, site: site))
        return .none
      }
      effect = child.reduce(into: &childState, action: childAction)
      state = casePath.embed(childState)
    }
    if case .none = effect.operation { return .none }
    return effect.map(toChildAction.embed)
  }
}
