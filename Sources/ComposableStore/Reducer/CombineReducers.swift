/// Runs several reducers in order on the same state and action, and merges their effects.
///
/// ```swift
/// CombineReducers {
///   Scope(state: \.motion, action: AppAction.motionPath) { MotionFeature() }
///   Reduce { state, action in … }
/// }
/// ```
///
/// A reducer's ``Reducer/body-swift.property`` already combines its parts; use this to group
/// reducers elsewhere, e.g. in a ``Store`` initialiser.
public struct CombineReducers<State, Action: Sendable, Reducers: Reducer<State, Action>>: Reducer {
  @usableFromInline
  let reducers: Reducers

  /// Combines the reducers listed in `build`, which run top to bottom.
  @inlinable
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  /// Runs every combined reducer, in order, and merges their effects.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}
