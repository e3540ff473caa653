/// A reducer that changes nothing and returns no effect: a placeholder, the parent of an
/// `ifLet`/`forEach` with no logic of its own, or the body of a feature not written yet.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   EmptyReducer()
///     .ifLet(\.details, action: Action.details) { Details() }
/// }
/// ```
public struct EmptyReducer<State, Action: Sendable>: Reducer {
  /// The reducer that does nothing.
  @inlinable
  public init() {}

  /// Leaves `state` as it is and returns `.none`.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}
