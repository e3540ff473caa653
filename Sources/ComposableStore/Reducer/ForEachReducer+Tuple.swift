extension Reducer {
  /// ``forEach(_:action:element:fileID:filePath:line:column:)-(_,ActionPath<Self.Action,IdentifiedAction<ID,ElementAction>>,_,_,_,_,_)``
  /// for an action case that holds the element's id and action side by side, as TCA 1.0–1.3
  /// features wrote it before `IdentifiedAction`:
  ///
  /// ```swift
  /// enum Action { case row(id: Row.State.ID, action: Row.Action) }
  /// .forEach(\.rows, action: /Action.row) { Row() }
  /// ```
  ///
  /// The element reducer, the cancellation of a removed element's effects and the warning for a
  /// missing element are the same as with an ``IdentifiedAction``.
  ///
  /// - Parameters:
  ///   - toElementsState: Where the elements live.
  ///   - toElementAction: The case holding an element's id and action: `/Action.row`.
  ///   - element: The element feature's reducer.
  ///   - fileID: Where this `forEach` is written, for warnings and to tell its effects apart.
  ///   - filePath: Where this `forEach` is written, for warnings.
  ///   - line: Where this `forEach` is written.
  ///   - column: Where this `forEach` is written.
  @inlinable
  public func forEach<
    ID: Hashable & Sendable, ElementState, ElementAction,
    Element: Reducer<ElementState, ElementAction>
  >(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: ActionPath<Action, (ID, ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachReducer<Self, ID, Element> {
    let identified = ActionPath<Action, IdentifiedAction<ID, ElementAction>>(
      embed: { toElementAction.embed(($0.id, $0.action)) },
      extract: { toElementAction.extract($0).map { .element(id: $0.0, action: $0.1) } })
    return forEach(
      toElementsState, action: identified, element: element,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// ``forEach(_:action:element:fileID:filePath:line:column:)-(_,ActionPath<Self.Action,(ID,ElementAction)>,_,_,_,_,_)``
  /// with the case given alone: `.forEach(\.rows, action: Action.row) { Row() }`. See
  /// ``ActionPath/init(_:)`` for what the reflection behind it costs.
  @inlinable
  public func forEach<
    ID: Hashable & Sendable, ElementState, ElementAction,
    Element: Reducer<ElementState, ElementAction>
  >(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action embed: @escaping @Sendable (ID, ElementAction) -> Action,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachReducer<Self, ID, Element> {
    forEach(
      toElementsState, action: ActionPath { embed($0.0, $0.1) }, element: element,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
