/// `reduce`, run with the dependencies bound where the store is made, if any were: a store made
/// inside `withDependencies` keeps them for every action, as in The Composable Architecture.
///
/// A store made where nothing is bound (an app's entry point) runs `reduce` as it is, so the
/// store's hot path pays nothing for dependencies. One made in a scope puts it in the thread's
/// slot for each action (``DependencyScope/bindOnThisThread(_:)``), not in the task-local.
@inlinable
func bindingCapturedDependencies<State, Action>(
  _ reduce: sending @escaping (inout State, Action) -> Effect<Action>
) -> sending (inout State, Action) -> Effect<Action> {
  guard let scope = DependencyScope.current else { return reduce }
  return { state, action in scope.bindOnThisThread { reduce(&state, action) } }
}
