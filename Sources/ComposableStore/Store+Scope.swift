extension Store {
  /// A store for a child feature: it reads a slice of this store's state and sends child actions
  /// through this store, so a view or a task can work with the child alone.
  ///
  /// ```swift
  /// let app = Store(initialState: App.State()) { App() }
  /// let motion = app.scope(state: \.motion, action: App.Action.motion)
  /// motion.send(.start)                       // app.send(.motion(.start))
  /// for await state in motion.states { … }    // only when `app.state.motion` changes
  /// ```
  ///
  /// The child store runs no reducer and no effect of its own: ``send(_:)`` sends the embedded
  /// action to this store (so the parent's reducers see it, as in The Composable Architecture),
  /// ``state`` reads the slice now, ``states`` emits the slice whenever it changes (equal slices
  /// are skipped), and ``inFlightEffectCount`` is the root store's. The child store keeps this
  /// store alive, and allocates no reducer, state or effect registry of its own: its effects are
  /// the root store's, waited on and cancelled there.
  ///
  /// The child's state needs no `Equatable` conformance: then ``states`` emits the slice after
  /// every action the parent handles. With it, equal consecutive slices are skipped.
  ///
  /// - Parameters:
  ///   - toChildState: Reads the child's state from this store's state; a key path works.
  ///   - toChildAction: Embeds a child action in this store's action: an enum case works.
  public func scope<ChildState: Sendable, ChildAction: Sendable>(
    state toChildState: @escaping @Sendable (State) -> ChildState,
    action toChildAction: @escaping @Sendable (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    scope(state: toChildState, action: toChildAction, isDuplicate: nil)
  }

  /// ``scope(state:action:)-(_,(ChildAction)->Action)`` for an `Equatable` child state: the child
  /// store's ``states`` skips a slice equal to the one before.
  public func scope<ChildState: Equatable & Sendable, ChildAction: Sendable>(
    state toChildState: @escaping @Sendable (State) -> ChildState,
    action toChildAction: @escaping @Sendable (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    scope(state: toChildState, action: toChildAction, isDuplicate: { $0 == $1 })
  }

  /// `scope(state:action:)` with the action given as an ``ActionPath``.
  public func scope<ChildState: Sendable, ChildAction: Sendable>(
    state toChildState: @escaping @Sendable (State) -> ChildState,
    action toChildAction: ActionPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    scope(state: toChildState, action: toChildAction.embed, isDuplicate: nil)
  }

  /// ``scope(state:action:)-(_,ActionPath<Action,ChildAction>)`` for an `Equatable` child state.
  public func scope<ChildState: Equatable & Sendable, ChildAction: Sendable>(
    state toChildState: @escaping @Sendable (State) -> ChildState,
    action toChildAction: ActionPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    scope(state: toChildState, action: toChildAction.embed, isDuplicate: { $0 == $1 })
  }

  private func scope<ChildState: Sendable, ChildAction: Sendable>(
    state toChildState: @escaping @Sendable (State) -> ChildState,
    action toChildAction: @escaping @Sendable (ChildAction) -> Action,
    isDuplicate: (@Sendable (ChildState, ChildState) -> Bool)?
  ) -> Store<ChildState, ChildAction> {
    Store<ChildState, ChildAction>(
      scoped: ScopedCore(
        parent: self, state: toChildState, action: toChildAction, isDuplicate: isDuplicate))
  }
}
