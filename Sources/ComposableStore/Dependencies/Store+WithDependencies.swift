extension Store {
  /// Creates a store whose reducer, built by `reducer`, runs with the current dependencies
  /// changed by `prepareDependencies`, for every action and the effects it starts: The Composable
  /// Architecture's `Store(initialState:reducer:withDependencies:)`.
  ///
  /// As there, `initialState` and `reducer` run in the changed dependencies, so a state that
  /// reads a dependency when it is made (`@Dependency(\.date) var date`) reads the changed one,
  /// and the `@Dependency` properties of the reducers `reducer` makes keep them: read in this store, with no other dependency scope in the
  /// process, they cost no more than a few loads (see <doc:Performance>).
  ///
  /// ```swift
  /// let store = Store(initialState: Dashboard.State()) {
  ///   Dashboard()
  /// } withDependencies: {
  ///   $0.motionClient = .replay(recording: walk)
  /// }
  /// ```
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> sending R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void
  ) {
    let scope = DependencyScope(DependencyValues.prepared(prepareDependencies))
    let built = scope.building(reducer)
    self.init(
      initialState: scope.building { () -> sending State in initialState() },
      reduce: { state, action in
        scope.bindOnThisThread { built.reduce(into: &state, action: action) }
      },
      reportUnhandled: nil)
  }
}
