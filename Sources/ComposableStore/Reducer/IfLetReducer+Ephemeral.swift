extension Reducer {
  /// ``ifLet(_:action:then:fileID:filePath:line:column:)-(_,ActionPath<Self.Action,ChildAction>,_,_,_,_,_)``
  /// for a child with no logic of its own (`_EphemeralState`, TCA's alerts and dialogs): the
  /// child state is set to `nil` after any of its actions, unless this reducer replaced it with
  /// one of another `id` while handling that action.
  ///
  /// ```swift
  /// .ifLet(\.prompt, action: /Action.prompt)
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: Where the optional child state lives.
  ///   - toChildAction: How the parent's action embeds the child's.
  ///   - fileID: Where this `ifLet` is written, for warnings and to tell its effects apart.
  ///   - filePath: Where this `ifLet` is written, for warnings.
  ///   - line: Where this `ifLet` is written.
  ///   - column: Where this `ifLet` is written.
  @inlinable
  public func ifLet<ChildState: _EphemeralState, ChildAction>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: ActionPath<Action, ChildAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<Self, EmptyReducer<ChildState, ChildAction>> {
    ifLet(
      toChildState, action: toChildAction, then: { EmptyReducer() },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// ``ifLet(_:action:fileID:filePath:line:column:)-(_,ActionPath<Self.Action,ChildAction>,_,_,_,_)``
  /// with the action path given by its enum case alone: `.ifLet(\.prompt, action: Action.prompt)`.
  @inlinable
  public func ifLet<ChildState: _EphemeralState, ChildAction>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action embed: @escaping @Sendable (ChildAction) -> Action,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<Self, EmptyReducer<ChildState, ChildAction>> {
    ifLet(
      toChildState, action: ActionPath(embed),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
