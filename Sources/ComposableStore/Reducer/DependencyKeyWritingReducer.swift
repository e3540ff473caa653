/// A reducer that runs its base with some dependencies changed: what
/// ``Reducer/dependency(_:_:)`` and ``Reducer/dependencies(_:)`` return.
///
/// The change holds while the base reduces and in the effects it returns (an effect keeps the
/// dependencies of the action that started it).
public struct DependencyKeyWritingReducer<Base: Reducer>: Reducer {
  let base: Base
  let update: (inout DependencyValues) -> Void

  init(base: Base, update: @escaping (inout DependencyValues) -> Void) {
    self.base = base
    self.update = update
  }

  /// Runs the base reducer with the changed dependencies bound.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    var values = DependencyValues.current
    update(&values)
    return values.bind { base.reduce(into: &state, action: action) }
  }
}

extension Reducer {
  /// This reducer with the dependency at `keyPath` set to `value`, for this reducer and the
  /// effects it returns: `Child().dependency(\.continuousClock, ImmediateClock())`.
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: Value
  ) -> DependencyKeyWritingReducer<Self> {
    DependencyKeyWritingReducer(base: self) { $0[keyPath: keyPath] = value }
  }

  /// This reducer with the dependency whose key is `value`'s own type set to `value`:
  /// `.dependency(APIClient.mock)` for a client that is its own `TestDependencyKey`.
  public func dependency<Value: TestDependencyKey>(
    _ value: Value
  ) -> DependencyKeyWritingReducer<Self> where Value.Value == Value {
    DependencyKeyWritingReducer(base: self) { $0[Value.self] = value }
  }

  /// This reducer with its dependencies changed by `update`, for this reducer and the effects
  /// it returns.
  public func dependencies(
    _ update: @escaping (inout DependencyValues) -> Void
  ) -> DependencyKeyWritingReducer<Self> {
    DependencyKeyWritingReducer(base: self, update: update)
  }
}
