/// A reducer that runs its base with some dependencies changed: what
/// ``Reducer/dependency(_:_:)``, ``Reducer/transformDependency(_:transform:)`` and
/// ``Reducer/dependencies(_:)`` return (TCA's `_DependencyKeyWritingReducer`).
///
/// The change holds while the base reduces and in the effects it returns (an effect keeps the
/// dependencies of the action that started it). Changing the dependencies of a reducer that
/// already changes some fuses the two into one reducer, as in TCA: the inner change is applied
/// last, so `Feature().dependency(\.x, 1).dependency(\.x, 2)` runs `Feature` with `x == 1`.
public struct DependencyKeyWritingReducer<Base: Reducer>: Reducer {
  let base: Base
  let update: (inout DependencyValues) -> Void

  init(base: Base, update: @escaping (inout DependencyValues) -> Void) {
    self.base = base
    self.update = update
  }

  /// Runs the base reducer with the changed dependencies bound. Reading a dependency to change
  /// it (``Reducer/transformDependency(_:transform:)``) does not report a missing test value,
  /// as in `withDependencies`.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    DependencyValues.prepared(update).bind { base.reduce(into: &state, action: action) }
  }

  /// This reducer with `update` applied before its own change (so its own wins), fused into one.
  private func fused(
    _ outer: @escaping (inout DependencyValues) -> Void
  ) -> DependencyKeyWritingReducer<Base> {
    let inner = update
    return DependencyKeyWritingReducer(base: base) { values in
      outer(&values)
      inner(&values)
    }
  }

  /// See ``Reducer/dependency(_:_:)``; fused with this reducer's own change.
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: Value
  ) -> DependencyKeyWritingReducer<Base> {
    fused { $0[keyPath: keyPath] = value }
  }

  /// See ``Reducer/dependency(_:)``; fused with this reducer's own change.
  public func dependency<Value: TestDependencyKey>(
    _ value: Value
  ) -> DependencyKeyWritingReducer<Base> where Value.Value == Value {
    fused { $0[Value.self] = value }
  }

  /// See ``Reducer/transformDependency(_:transform:)``; fused with this reducer's own change.
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    transform: @escaping (_ dependency: inout Value) -> Void
  ) -> DependencyKeyWritingReducer<Base> {
    fused { transform(&$0[keyPath: keyPath]) }
  }

  /// See ``Reducer/dependencies(_:)``; fused with this reducer's own change.
  public func dependencies(
    _ update: @escaping (inout DependencyValues) -> Void
  ) -> DependencyKeyWritingReducer<Base> {
    fused(update)
  }
}

/// TCA's name for ``DependencyKeyWritingReducer``, so that a ported type annotation compiles.
public typealias _DependencyKeyWritingReducer = DependencyKeyWritingReducer

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

  /// This reducer with the dependency at `keyPath` changed in place by `transform`, for this
  /// reducer and the effects it returns: a change to the value the parent's scope holds, such
  /// as one endpoint of a client (`$0.fetch = { … }`).
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    transform: @escaping (_ dependency: inout Value) -> Void
  ) -> DependencyKeyWritingReducer<Self> {
    DependencyKeyWritingReducer(base: self) { transform(&$0[keyPath: keyPath]) }
  }

  /// This reducer with its dependencies changed by `update`, for this reducer and the effects
  /// it returns.
  public func dependencies(
    _ update: @escaping (inout DependencyValues) -> Void
  ) -> DependencyKeyWritingReducer<Self> {
    DependencyKeyWritingReducer(base: self, update: update)
  }
}
