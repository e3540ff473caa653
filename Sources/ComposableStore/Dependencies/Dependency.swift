import Synchronization

/// A dependency, read where it is used: in a reducer, an effect, or any code they call
/// (swift-dependencies' `@Dependency`).
///
/// ```swift
/// struct Compass: Reducer {
///   @Dependency(\.motionClient) var motion
///   @Dependency(\.continuousClock) var clock
///   …
/// }
/// ```
///
/// The value is looked up at every read, so it is what the current scope provides: the store's
/// dependencies while the reducer runs, the dependencies of the action that started an effect
/// inside that effect, and `withDependencies` overrides. What was bound where the wrapper was
/// made (a reducer built inside `withDependencies`) is kept, under what is bound where it is read.
///
/// ## Cost
///
/// After the first read, a read in the scope the wrapper was made in, with no other scope in the
/// process, is a few loads and a compare; only the endpoint called is copied (one retain and
/// release of its context, which any read from memory not fixed at `init` costs). That is a
/// store made where nothing is bound (an app's entry point), or one made by
/// `Store(…withDependencies:)`, which builds its reducer in its scope (see <doc:Performance>).
/// With other scopes alive, a read looks at the thread's slot where a store puts its scope;
/// elsewhere (in an effect, in a test store) it looks up the task-local values.
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
  /// The values bound where this wrapper was made, if any.
  @usableFromInline let initialValues: DependencyScope?
  @usableFromInline let read: @Sendable (DependencyValues) -> Value
  /// What this wrapper has read, by scope.
  @usableFromInline let memo: DependencyMemo<Value>

  /// The dependency at `keyPath`: `@Dependency(\.motionClient) var motion`.
  public init(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) {
    self.init(initialValues: DependencyScope.current) { $0[keyPath: keyPath] }
  }

  /// The dependency registered with `key`: `@Dependency(APIClientKey.self) var api`.
  public init<Key: TestDependencyKey & SendableMetatype>(_: Key.Type) where Key.Value == Value {
    self.init(initialValues: DependencyScope.current) { $0[Key.self, ""] }
  }

  /// The dependency that `read` finds in the current values: the seam of the testing
  /// product's `@Dependency(_:as:)`.
  package init(reading read: @escaping @Sendable (DependencyValues) -> Value) {
    self.init(initialValues: DependencyScope.current, read: read)
  }

  private init(
    initialValues: DependencyScope?, read: @escaping @Sendable (DependencyValues) -> Value
  ) {
    self.initialValues = initialValues
    self.read = read
    self.memo = DependencyMemo(home: initialValues)
  }

  /// The dependency's current value.
  @inlinable
  public var wrappedValue: Value {
    // Borrowed, so `motion.create(id)` copies one endpoint, not the whole client; from memory
    // the memo owns where it can, so without a retain. One yield, and the rest out of line, so
    // that the accessor is inlined into the reducer.
    _read {
      let found = memo.fastValue().map { DependencyMemo.Found($0) } ?? slowValue
      yield found.value.pointee
      found.end()
    }
  }

  /// The value found the slow way: the current scope from the task-local, and a lock where the
  /// memo's fast path does not hold it.
  @usableFromInline
  var slowValue: DependencyMemo<Value>.Found {
    let scope = DependencyScope.current
    if scope === initialValues {
      // The values of one scope (or the process's defaults) never change: what was read in it
      // holds while it is the current one.
      return memo.homeValue(initialValues?.values ?? .processDefault, read)
    }
    if initialValues == nil, let scope {
      return memo.value(in: scope, read)
    }
    // Read with the merged values bound, as swift-dependencies does: a default made by this
    // read sees them, and so does a `@Dependency` it makes (ResolutionTests).
    let values = self.values
    let value = DependencyScope(values).bind { read(values) }
    return DependencyMemo.Found(DependencyMemo.Entry(scope: nil, value: value), owned: true)
  }

  /// The values this wrapper reads from now.
  var values: DependencyValues {
    switch (initialValues?.values, DependencyValues.bound) {
    case (nil, nil): return .processDefault
    case (nil, let bound?): return bound
    case (let initial?, nil): return initial
    case (let initial?, let bound?): return initial.merging(bound)
    }
  }
}
