/// Builds one reducer out of a list: each runs in order on the same state and action, and their
/// effects are merged. Used by ``Reducer/body-swift.property``, ``CombineReducers`` and ``Scope``.
///
/// `if`, `if`–`else` and `switch` pick reducers at build time.
@resultBuilder
public enum ReducerBuilder<State, Action: Sendable> {
  /// A single reducer.
  @inlinable
  public static func buildExpression<R: Reducer<State, Action>>(_ reducer: R) -> R {
    reducer
  }

  /// The first reducer of a list.
  @inlinable
  public static func buildPartialBlock<R: Reducer<State, Action>>(first: R) -> R {
    first
  }

  /// The reducers so far, followed by `next`.
  @inlinable
  public static func buildPartialBlock<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    accumulated: R0, next: R1
  ) -> _Sequence<R0, R1> {
    _Sequence(first: accumulated, second: next)
  }

  /// An empty body: a reducer that changes nothing.
  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> {
    EmptyReducer()
  }

  /// The reducer of an `if` without `else`, or nothing.
  @inlinable
  public static func buildOptional<R: Reducer<State, Action>>(_ reducer: R?) -> _Optional<R> {
    _Optional(wrapped: reducer)
  }

  /// The `if` branch of an `if`–`else`.
  @inlinable
  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    first reducer: R0
  ) -> _Conditional<R0, R1> {
    .first(reducer)
  }

  /// The `else` branch of an `if`–`else`.
  @inlinable
  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    second reducer: R1
  ) -> _Conditional<R0, R1> {
    .second(reducer)
  }

  /// Two reducers run in order; their effects are merged.
  public struct _Sequence<R0: Reducer<State, Action>, R1: Reducer<State, Action>>: Reducer {
    @usableFromInline let first: R0
    @usableFromInline let second: R1

    @inlinable
    init(first: R0, second: R1) {
      self.first = first
      self.second = second
    }

    /// Runs the first reducer, then the second, and merges their effects.
    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      let effect = first.reduce(into: &state, action: action)
      return effect.merge(with: second.reduce(into: &state, action: action))
    }
  }

  /// A reducer that may be absent.
  public struct _Optional<Wrapped: Reducer<State, Action>>: Reducer {
    @usableFromInline let wrapped: Wrapped?

    @inlinable
    init(wrapped: Wrapped?) { self.wrapped = wrapped }

    /// Runs the reducer if present.
    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      wrapped?.reduce(into: &state, action: action) ?? .none
    }
  }

  /// One of two reducers, chosen when the body was built.
  public enum _Conditional<R0: Reducer<State, Action>, R1: Reducer<State, Action>>: Reducer {
    /// The `if` branch.
    case first(R0)
    /// The `else` branch.
    case second(R1)

    /// Runs the chosen reducer.
    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch self {
      case .first(let reducer): reducer.reduce(into: &state, action: action)
      case .second(let reducer): reducer.reduce(into: &state, action: action)
      }
    }
  }
}
