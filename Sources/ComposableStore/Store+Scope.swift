import SensorsCore

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
  /// are skipped), and ``inFlightEffectCount`` is this store's. The child store keeps this store
  /// alive.
  ///
  /// - Parameters:
  ///   - toChildState: Reads the child's state from this store's state; a key path works.
  ///   - toChildAction: Embeds a child action in this store's action: an enum case works.
  public func scope<ChildState: Equatable & Sendable, ChildAction: Sendable>(
    state toChildState: @escaping @Sendable (State) -> ChildState,
    action toChildAction: @escaping @Sendable (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    Store<ChildState, ChildAction>(
      forwardingTo: StoreForwarding(
        send: { [self] action in send(toChildAction(action)) },
        state: { [self] in toChildState(state) },
        states: { [self] in
          distinctSlices(of: states) { toChildState($0) }
        },
        inFlightEffectCount: { [self] in inFlightEffectCount }
      ))
  }

  /// ``scope(state:action:)-(_,(ChildAction)->Action)`` with the action given as an
  /// ``ActionPath``.
  public func scope<ChildState: Equatable & Sendable, ChildAction: Sendable>(
    state toChildState: @escaping @Sendable (State) -> ChildState,
    action toChildAction: ActionPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    scope(state: toChildState, action: toChildAction.embed)
  }
}

/// The slices of `states`, skipping a slice equal to the one before: a child store's `states`.
///
/// A task pumps the parent's stream (which keeps only its newest state) into the child's
/// (likewise), and ends when either consumer goes away.
private func distinctSlices<State: Sendable, Slice: Equatable & Sendable>(
  of states: AsyncStream<State>,
  _ slice: @escaping @Sendable (State) -> Slice
) -> AsyncStream<Slice> {
  let (stream, continuation) = AsyncStream.makeStream(
    of: Slice.self, bufferingPolicy: .bufferingNewest(1))
  let pump = Task.inheritingExecutor {
    var last: Slice?
    for await state in states {
      let next = slice(state)
      if next == last { continue }
      last = next
      continuation.yield(next)
    }
    continuation.finish()
  }
  continuation.onTermination = { _ in pump.cancel() }
  return stream
}
