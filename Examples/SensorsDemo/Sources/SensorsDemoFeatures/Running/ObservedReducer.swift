import ComposableStore

/// Runs a feature's reducer, then hands each action and the state after it to `observe`.
///
/// This is how `--json` and plain lines see every event exactly once, in order: the store runs
/// reducers one action at a time, so `observe` is called in the order actions were handled.
struct ObservedReducer<Base: Reducer>: Reducer {
  let base: Base
  let observe: @Sendable (Base.Action, Base.State) -> Void

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let effect = base.reduce(into: &state, action: action)
    observe(action, state)
    return effect
  }
}
