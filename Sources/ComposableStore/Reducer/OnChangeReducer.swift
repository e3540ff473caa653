extension Reducer {
  /// Runs this reducer, then `perform` whenever the action changed the value `toValue` reads.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .onChange(of: \.fix?.mode) { oldMode, state in
  ///     state.log.append("fix mode \(String(describing: oldMode)) → \(String(describing: state.fix?.mode))")
  ///     return .none
  ///   }
  /// ```
  ///
  /// As in The Composable Architecture, the check is per action of this reducer: a change made
  /// by a reducer that runs after it is seen at the next action.
  ///
  /// - Parameters:
  ///   - toValue: The value to watch (a key path works: `\.fix?.mode`).
  ///   - perform: Receives the value before the action and the state after it; may change the
  ///     state further and returns an effect.
  @inlinable
  public func onChange<Value: Equatable>(
    of toValue: @escaping (State) -> Value,
    _ perform: @escaping (_ oldValue: Value, _ state: inout State) -> Effect<Action>
  ) -> OnChangeReducer<Self, Value, Reduce<State, Action>> {
    OnChangeReducer(base: self, toValue: toValue, isDuplicate: ==) { oldValue, _ in
      Reduce { state, _ in perform(oldValue, &state) }
    }
  }

  /// Runs this reducer, then the reducer `reducer` builds from the old and new value whenever
  /// the action changed the value `toValue` reads: TCA's older form, handy when the reaction
  /// is itself a composition.
  ///
  /// ```swift
  /// .onChange(of: \.isTracking) { _, isTracking in
  ///   Reduce { state, _ in isTracking ? .send(.startUpdates) : .cancel(id: CancelID.updates) }
  /// }
  /// ```
  @inlinable
  public func onChange<Value: Equatable, R: Reducer<State, Action>>(
    of toValue: @escaping (State) -> Value,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: Value, _ newValue: Value) -> R
  ) -> OnChangeReducer<Self, Value, R> {
    OnChangeReducer(base: self, toValue: toValue, isDuplicate: ==, reducer: reducer)
  }

  /// ``onChange(of:_:)->OnChangeReducer<Self,Value,R>`` for a value that is not `Equatable` (a tuple), or
  /// when only part of it matters: `reducer` runs unless `isDuplicate(old, new)` says the value
  /// did not change, as TCA's `onChange(of:removeDuplicates:_:)`.
  ///
  /// ```swift
  /// // React when trackers are added or removed, not when one of them updates.
  /// .onChange(of: \.trackers, removeDuplicates: Self.sameIDs) { _, _ in
  ///   Reduce { state, _ in state.rosterChanges += 1; return .none }
  /// }
  /// ```
  @inlinable
  public func onChange<Value, R: Reducer<State, Action>>(
    of toValue: @escaping (State) -> Value,
    removeDuplicates isDuplicate: @escaping (Value, Value) -> Bool,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: Value, _ newValue: Value) -> R
  ) -> OnChangeReducer<Self, Value, R> {
    OnChangeReducer(base: self, toValue: toValue, isDuplicate: isDuplicate, reducer: reducer)
  }
}

/// The reducer ``Reducer/onChange(of:_:)->OnChangeReducer<Self,Value,Reduce<Self.State,Self.Action>>`` builds: a
/// base reducer, and a reaction to a change of one value.
public struct OnChangeReducer<Base: Reducer, Value, Reaction: Reducer>: Reducer
where Base.State == Reaction.State, Base.Action == Reaction.Action {
  @usableFromInline let base: Base
  @usableFromInline let toValue: (Base.State) -> Value
  @usableFromInline let isDuplicate: (Value, Value) -> Bool
  @usableFromInline let reducer: (Value, Value) -> Reaction

  @inlinable
  init(
    base: Base, toValue: @escaping (Base.State) -> Value,
    isDuplicate: @escaping (Value, Value) -> Bool,
    reducer: @escaping (Value, Value) -> Reaction
  ) {
    self.base = base
    self.toValue = toValue
    self.isDuplicate = isDuplicate
    self.reducer = reducer
  }

  /// Runs the base reducer, then the reaction if the watched value changed.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let baseEffects = base.reduce(into: &state, action: action)
    let newValue = toValue(state)
    guard !isDuplicate(oldValue, newValue) else { return baseEffects }
    return baseEffects.merge(with: reducer(oldValue, newValue).reduce(into: &state, action: action))
  }
}
