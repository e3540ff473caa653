extension Reducer {
  /// Runs `element` on each element of an ``IdentifiedArray`` in the state, for the parent
  /// actions that embed an ``IdentifiedAction``; then this reducer.
  ///
  /// ```swift
  /// struct State { var devices: IdentifiedArrayOf<Device.State> = [] }
  /// enum Action { case deviceFound(Device.State), devices(IdentifiedActionOf<Device>) }
  ///
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in … }
  ///     .forEach(\.devices, action: Action.devices) { Device() }
  /// }
  /// ```
  ///
  /// As in The Composable Architecture: the element reducer runs first; when this reducer
  /// removes an element, every effect that element started is cancelled; an action for an id
  /// that is not in the array is dropped and reported as a runtime warning (a test failure under
  /// `TestStore`); each element's cancellation ids are its own, so `.cancel(id: CancelID.timer)`
  /// in one element never stops another element's timer. The elements need not be
  /// `Identifiable`: an array made with a key path (`IdentifiedArray(id: \.serial)`) routes by
  /// the ids that key path reads.
  ///
  /// - Parameters:
  ///   - toElementsState: Where the elements live.
  ///   - toElementAction: How the parent's action embeds an element's action.
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
    action toElementAction: ActionPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachReducer<Self, ID, Element> {
    ForEachReducer(
      parent: self, element: element(), toElementsState: toElementsState,
      toElementAction: toElementAction,
      site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// ``forEach(_:action:element:fileID:filePath:line:column:)-(_,ActionPath<Self.Action,IdentifiedAction<ID,ElementAction>>,_,_,_,_,_)``
  /// with the action path given by its enum case alone: `.forEach(\.rows, action: Action.rows)`.
  /// See ``ActionPath/init(_:)`` for what that costs.
  @inlinable
  public func forEach<
    ID: Hashable & Sendable, ElementState, ElementAction,
    Element: Reducer<ElementState, ElementAction>
  >(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action embed: @escaping @Sendable (IdentifiedAction<ID, ElementAction>) -> Action,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachReducer<Self, ID, Element> {
    forEach(
      toElementsState, action: ActionPath(embed), element: element,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// The reducer ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)-(_,ActionPath<Self.Action,IdentifiedAction<ID,ElementAction>>,_,_,_,_,_)``
/// builds: an element reducer run on the element an action names, then the parent.
public struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let element: Element
  @usableFromInline let toElementsState:
    WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let toElementAction:
    ActionPath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  @usableFromInline let site: SourceSite

  @inlinable
  init(
    parent: Parent,
    element: Element,
    toElementsState: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: ActionPath<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    site: SourceSite
  ) {
    self.parent = parent
    self.element = element
    self.toElementsState = toElementsState
    self.toElementAction = toElementAction
    self.site = site
  }

  /// Runs the element reducer (if the action is for an element that exists), then the parent,
  /// and cancels the effects of the elements the parent removed.
  @inlinable
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    let elementEffects = reduceElement(into: &state, action: action)
    // Only the ids are kept while the parent runs (as TCA keeps `ids`), so that the parent can
    // change a row in place without copying every row.
    let before = state[keyPath: toElementsState]._positions
    let parentEffects = parent.reduce(into: &state, action: action)
    let after = state[keyPath: toElementsState]._positions
    // O(1) when the parent added, removed and moved nothing (the same storage), the common case.
    if after == before { return elementEffects.merge(with: parentEffects) }
    let removed = before.filter { after[$0.key] == nil }.sorted { $0.value < $1.value }
    return .merge(
      [elementEffects, parentEffects]
        + removed.map { .cancel(id: site.childID(identity: AnyHashableSendable($0.key))) })
  }

  @inlinable
  func reduceElement(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    guard case .element(let id, let elementAction) = toElementAction.extract(action) else {
      return .none
    }
    guard state[keyPath: toElementsState][id: id] != nil else {
      site.warn(CompositionWarning.forEachMissingElement(action: action, site: site))
      return .none
    }
    let effect = element.reduce(
      into: &state[keyPath: toElementsState][id: id]!, action: elementAction)
    if effect.isNone { return .none }
    let embed = toElementAction.embed
    return effect.map { embed(.element(id: id, action: $0)) }
      .scoped(to: site.childID(identity: AnyHashableSendable(id)))
  }
}
