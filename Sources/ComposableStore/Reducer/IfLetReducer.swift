extension Reducer {
  /// Runs `child` on an optional part of the state while it is not `nil`, for the parent actions
  /// that embed a child action; then this reducer.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in
  ///     switch action {
  ///     case .startNavigation: state.route = Route.State(); return .none
  ///     case .endNavigation: state.route = nil; return .none
  ///     case .route: return .none
  ///     }
  ///   }
  ///   .ifLet(\.route, action: Action.route) { Route() }
  /// }
  /// ```
  ///
  /// As in The Composable Architecture:
  /// - The child runs first, so it sees its state before the parent may set it to `nil`.
  /// - When this reducer sets the state to `nil`, or replaces an `Identifiable` child with one of
  ///   another id, every effect the child started is cancelled.
  /// - A child action arriving while the state is `nil` is a logic error: it is dropped and
  ///   reported as a runtime warning (a test failure under `TestStore`).
  /// - The child's cancellation ids are its own: its `.cancel(id:)` and `.cancellable(id:)` never
  ///   touch effects of the parent or of another child with the same id.
  ///
  /// - Parameters:
  ///   - toChildState: Where the optional child state lives.
  ///   - toChildAction: How the parent's action embeds the child's.
  ///   - child: The child feature's reducer.
  ///   - fileID: Where this `ifLet` is written, for warnings and to tell its effects apart.
  ///   - filePath: Where this `ifLet` is written, for warnings.
  ///   - line: Where this `ifLet` is written.
  ///   - column: Where this `ifLet` is written.
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer<ChildState, ChildAction>>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: ActionPath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<Self, Child> {
    IfLetReducer(
      parent: self, child: child(), toChildState: toChildState, toChildAction: toChildAction,
      site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// ``ifLet(_:action:then:fileID:filePath:line:column:)-(_,ActionPath<Self.Action,ChildAction>,_,_,_,_,_)``
  /// with the action path given by its enum case alone: `.ifLet(\.route, action: Action.route)`.
  /// See ``ActionPath/init(_:)`` for what that costs.
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer<ChildState, ChildAction>>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action embed: @escaping @Sendable (ChildAction) -> Action,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<Self, Child> {
    ifLet(
      toChildState, action: ActionPath(embed), then: child,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// The reducer ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)-(_,ActionPath<Self.Action,ChildAction>,_,_,_,_,_)``
/// builds: a child run on an optional part of the parent's state, then the parent.
public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: WritableKeyPath<Parent.State, Child.State?>
  @usableFromInline let toChildAction: ActionPath<Parent.Action, Child.Action>
  @usableFromInline let site: SourceSite
  /// Whether the child state is `_EphemeralState`, decided once rather than per action.
  @usableFromInline let childIsEphemeral: Bool

  @inlinable
  init(
    parent: Parent,
    child: Child,
    toChildState: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: ActionPath<Parent.Action, Child.Action>,
    site: SourceSite
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.site = site
    self.childIsEphemeral = Child.State.self is any _EphemeralState.Type
  }

  /// Runs the child (if the action is for it and its state is present), then the parent, and
  /// cancels the child's effects if the parent removed or replaced the child. An ephemeral child
  /// (`_EphemeralState`) the parent kept is dismissed after its action.
  @inlinable
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    let childAction = toChildAction.extract(action)
    var childEffects = Effect<Parent.Action>.none
    if let childAction {
      childEffects = reduceChild(into: &state, action: action, childAction: childAction)
    }
    let before = state[keyPath: toChildState].map(childID)
    let parentEffects = parent.reduce(into: &state, action: action)
    guard let before else { return childEffects.merge(with: parentEffects) }
    let after = state[keyPath: toChildState].map(childID)
    guard before != after else {
      if childIsEphemeral, childAction != nil {
        state[keyPath: toChildState] = nil
      }
      return childEffects.merge(with: parentEffects)
    }
    return .merge(childEffects, parentEffects, .cancel(id: before))
  }

  @inlinable
  func reduceChild(
    into state: inout Parent.State, action: Parent.Action, childAction: Child.Action
  ) -> Effect<Parent.Action> {
    guard state[keyPath: toChildState] != nil else {
      site.warn(CompositionWarning.ifLetNil(action: action, site: site))
      return .none
    }
    let effect = child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
    if effect.isNone { return .none }
    let id = childID(state[keyPath: toChildState]!)
    return effect.map(toChildAction.embed).scoped(to: id)
  }

  @inlinable
  func childID(_ childState: Child.State) -> ChildEffectsID {
    site.childID(identity: identity(of: childState))
  }
}
