extension Store {
  /// Creates a store whose reducer, built by `reducer`, runs with the current dependencies
  /// changed by `prepareDependencies`, for every action and the effects it starts: The Composable
  /// Architecture's `Store(initialState:reducer:withDependencies:)`.
  ///
  /// As there, `reducer` runs in the changed dependencies, so the `@Dependency` properties of
  /// the reducers it makes keep them: read in this store, with no other dependency scope in the
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
    initialState: State,
    @ReducerBuilder<State, Action> reducer: () -> sending R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void
  ) {
    let scope = DependencyScope(DependencyValues.prepared(prepareDependencies))
    let built = scope.building(reducer)
    self.init(
      initialState: initialState,
      reduce: { state, action in
        scope.bindOnThisThread { built.reduce(into: &state, action: action) }
      },
      reportUnhandled: nil)
  }
}
