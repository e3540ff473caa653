extension Scope {
  /// Scopes `child` with the action path given by its enum case alone:
  /// `Scope(state: \.motion, action: Action.motion) { MotionFeature() }`.
  ///
  /// See ``ActionPath/init(_:)`` for what the reflection behind it costs; for a child that
  /// handles thousands of actions a second, pass an ``ActionPath`` with `extract` spelled out.
  @inlinable
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action embed: @escaping @Sendable (ChildAction) -> ParentAction,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: state, action: ActionPath(embed), child: child)
  }

  /// ``init(state:action:child:fileID:filePath:line:column:)`` on one case of an enum state, with
  /// the action path given by its enum case alone:
  /// `Scope(state: CasePath(State.tracking), action: Action.tracking) { Tracking() }`.
  @inlinable
  public init<ChildState, ChildAction>(
    state: CasePath<ParentState, ChildState>,
    action embed: @escaping @Sendable (ChildAction) -> ParentAction,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      state: state, action: ActionPath(embed), child: child,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
