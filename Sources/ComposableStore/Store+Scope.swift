import Synchronization

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

extension Store {
  /// Calls `unwrap` with a store of the wrapped state each time this store's optional state
  /// becomes non-`nil`, and `else` each time it becomes `nil`: The Composable Architecture's
  /// `ifLet(then:else:)`, for code that shows a child feature while its state exists.
  ///
  /// ```swift
  /// let subscription = app.scope(state: \.calibration, action: App.Action.calibration)
  ///   .ifLet { calibration in screen.show(calibration) } else: { screen.dismiss() }
  /// ```
  ///
  /// One of the two runs at once, for the current state, then again only when the state turns
  /// from `nil` to a value or back (a change of the wrapped value alone calls neither: the
  /// store given to `unwrap` reads it). That store keeps reading the last wrapped value after
  /// the state becomes `nil`. The closures run synchronously, on the thread that sent the action
  /// that changed the state.
  ///
  /// - Parameters:
  ///   - unwrap: Receives a store of the wrapped state.
  ///   - else: Runs when the state is `nil`.
  /// - Returns: The subscription: the closures are called until it is cancelled or released.
  ///   It keeps this store alive meanwhile.
  public func ifLet<Wrapped: Sendable>(
    then unwrap: @escaping @Sendable (_ store: Store<Wrapped, Action>) -> Void,
    else: @escaping @Sendable () -> Void = {}
  ) -> StoreSubscription where State == Wrapped? {
    // The first state is yielded while the store holds its reducer lock: it is only recorded,
    // and the closures run for it once `observe` returned, so that they may send to the store.
    let phase = Mutex(IfLetPhase<Wrapped>.registering(latest: nil))
    let react: @Sendable (Wrapped?) -> Void = { [self] state in
      guard let wrapped = state else { return `else`() }
      let last = Mutex(wrapped)
      unwrap(
        scope(
          state: { state in
            last.withLock { last in
              if let state { last = state }
              return last
            }
          },
          action: { $0 }, isDuplicate: nil))
    }
    let observer = StateObserver<State>(
      yield: { state in
        let changed = phase.withLock { phase in
          switch phase {
          case .registering:
            phase = .registering(latest: state)
            return false
          case .live(let wasPresent):
            phase = .live(wasPresent: state != nil)
            return wasPresent != (state != nil)
          }
        }
        if changed { react(state) }
      },
      finish: {})
    let subscription = StoreSubscription(cancel: core.observe(observer))
    let first = phase.withLock { phase -> Wrapped?? in
      guard case .registering(let latest) = phase else { return nil }
      phase = .live(wasPresent: latest != nil)
      return .some(latest)
    }
    if let first { react(first) }
    return subscription
  }
}

/// Where ``Store/ifLet(then:else:)`` stands: recording the state while it subscribes, then
/// comparing each state's presence with the one before.
private enum IfLetPhase<Wrapped> {
  case registering(latest: Wrapped?)
  case live(wasPresent: Bool)
}
