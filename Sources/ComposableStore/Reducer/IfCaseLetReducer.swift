extension Reducer {
  /// Runs `child` on one case of an enum state while the state is that case, for the parent
  /// actions that embed a child action; then this reducer.
  ///
  /// ```swift
  /// enum State: Equatable { case idle, tracking(Tracking.State) }
  /// enum Action { case start, stop, tracking(Tracking.Action) }
  ///
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in … }
  ///     .ifCaseLet(CasePath(State.tracking), action: ActionPath(Action.tracking)) { Tracking() }
  /// }
  /// ```
  ///
  /// As in The Composable Architecture: the child runs first; when the state leaves the case (or
  /// an `Identifiable` child is replaced by one of another id) every effect the child started is
  /// cancelled; a child action arriving while the state is another case is dropped and reported
  /// as a runtime warning (a test failure under `TestStore`); the child's cancellation ids are its
  /// own.
  ///
  /// - Parameters:
  ///   - toCaseState: The case of the state the child runs on.
  ///   - toCaseAction: How the parent's action embeds the child's.
  ///   - child: The child feature's reducer.
  ///   - fileID: Where this `ifCaseLet` is written, for warnings and to tell its effects apart.
  ///   - filePath: Where this `ifCaseLet` is written, for warnings.
  ///   - line: Where this `ifCaseLet` is written.
  ///   - column: Where this `ifCaseLet` is written.
  @inlinable
  public func ifCaseLet<CaseState, CaseAction, Child: Reducer<CaseState, CaseAction>>(
    _ toCaseState: CasePath<State, CaseState>,
    action toCaseAction: ActionPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfCaseLetReducer<Self, Child> {
    IfCaseLetReducer(
      parent: self, child: child(), toChildState: toCaseState, toChildAction: toCaseAction,
      site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The reducer ``Reducer/ifCaseLet(_:action:then:fileID:filePath:line:column:)`` builds: a child
/// run on one case of the parent's enum state, then the parent.
public struct IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: CasePath<Parent.State, Child.State>
  @usableFromInline let toChildAction: ActionPath<Parent.Action, Child.Action>
  @usableFromInline let site: SourceSite

  @inlinable
  init(
    parent: Parent,
    child: Child,
    toChildState: CasePath<Parent.State, Child.State>,
    toChildAction: ActionPath<Parent.Action, Child.Action>,
    site: SourceSite
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.site = site
  }

  /// Runs the child (if the action is for it and the state is its case), then the parent, and
  /// cancels the child's effects if the parent moved the state to another case or child.
  @inlinable
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    let childEffects = reduceChild(into: &state, action: action)
    let before = toChildState.extract(state).map(childID)
    let parentEffects = parent.reduce(into: &state, action: action)
    guard let before else { return childEffects.merge(with: parentEffects) }
    let after = toChildState.extract(state).map(childID)
    guard before != after else { return childEffects.merge(with: parentEffects) }
    return .merge(childEffects, parentEffects, .cancel(id: before))
  }

  @inlinable
  func reduceChild(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    guard let childAction = toChildAction.extract(action) else { return .none }
    guard var childState = toChildState.extract(state) else {
      site.warn(CompositionWarning.ifCaseLetOtherCase(action: action, state: state, site: site))
      return .none
    }
    let effect = child.reduce(into: &childState, action: childAction)
    state = toChildState.embed(childState)
    if effect.isNone { return .none }
    return effect.map(toChildAction.embed).scoped(to: childID(childState))
  }

  @inlinable
  func childID(_ childState: Child.State) -> ChildEffectsID {
    site.childID(identity: identity(of: childState))
  }
}
