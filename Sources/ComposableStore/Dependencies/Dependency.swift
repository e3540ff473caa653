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
/// Where nothing is bound (a store made at an app's entry point, with no override), the wrapper
/// remembers the default it read the first time, so a read costs a task-local lookup and an
/// atomic load, and copies only the endpoint the feature calls (see <doc:Performance>).
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
  /// The values bound where this wrapper was made, if any.
  @usableFromInline let initialValues: DependencyScope?
  @usableFromInline let read: @Sendable (DependencyValues) -> Value
  /// The value last read, with the scope it was read in.
  @usableFromInline let memo = DependencyMemo<Value>()

  /// The dependency at `keyPath`: `@Dependency(\.motionClient) var motion`.
  public init(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) {
    self.initialValues = DependencyValues.scope
    self.read = { $0[keyPath: keyPath] }
  }

  /// The dependency registered with `key`: `@Dependency(APIClientKey.self) var api`.
  public init<Key: TestDependencyKey & SendableMetatype>(_: Key.Type) where Key.Value == Value {
    self.initialValues = DependencyValues.scope
    self.read = { $0[Key.self, ""] }
  }

  /// The dependency's current value.
  @inlinable
  public var wrappedValue: Value {
    // Borrowed from a box, so `motion.create(id)` copies one endpoint, not the whole client.
    _read { yield box.value }
  }

  /// The value behind a reference.
  @inlinable
  var box: DependencyMemo<Value>.Box {
    let scope = DependencyScope.current
    if initialValues == nil || initialValues === scope {
      // The values of one scope (or the process's defaults) never change: what was read in it
      // holds while it is the current one.
      return memo.value(in: scope, read)
    }
    return DependencyMemo.Box(read(values))
  }

  /// The values this wrapper reads from now.
  @usableFromInline var values: DependencyValues {
    switch (initialValues?.values, DependencyValues.bound) {
    case (nil, nil): return .processDefault
    case (nil, let bound?): return bound
    case (let initial?, nil): return initial
    case (let initial?, let bound?): return initial.merging(bound)
    }
  }
}

/// The value a ``Dependency`` last read, and the scope (or none) it read it in.
@usableFromInline
final class DependencyMemo<Value: Sendable>: Sendable {
  @usableFromInline let stored = Mutex<Entry?>(nil)
  /// The value read where nothing is bound: it never changes, so it is published once, without
  /// a lock. Owns one retain of the box, released in `deinit` (`AtomicLazyReference` does the
  /// same, but its `load` is not inlined and costs a generic-metadata lookup per read).
  @usableFromInline let processDefault = Atomic<Unmanaged<Box>?>(nil)

  @usableFromInline
  struct Entry: Sendable {
    @usableFromInline let scope: DependencyScope?
    @usableFromInline let box: Box

    @usableFromInline
    init(scope: DependencyScope?, box: Box) {
      self.scope = scope
      self.box = box
    }
  }

  /// A value behind a reference, so a read can borrow it instead of copying every endpoint.
  @usableFromInline
  final class Box: Sendable {
    @usableFromInline let value: Value

    @usableFromInline
    init(_ value: Value) {
      self.value = value
    }
  }

  @usableFromInline
  init() {}

  deinit {
    processDefault.load(ordering: .acquiring)?.release()
  }

  /// Publishes `box` as the process default unless another thread did first; returns the one
  /// published.
  @usableFromInline
  func publish(_ box: Box) -> Box {
    let retained = Unmanaged.passRetained(box)
    let (exchanged, current) = processDefault.compareExchange(
      expected: nil, desired: retained, ordering: .acquiringAndReleasing)
    if exchanged { return box }
    retained.release()
    return current?.takeUnretainedValue() ?? box
  }

  /// The value in `scope` (the process's defaults for `nil`), read with `read` unless this memo
  /// holds it.
  @inlinable
  func value(in scope: DependencyScope?, _ read: (DependencyValues) -> Value) -> Box {
    guard let scope else {
      if let box = processDefault.load(ordering: .acquiring) { return box.takeUnretainedValue() }
      return publish(Box(read(.processDefault)))
    }
    let held = stored.withLock { entry in entry.flatMap { $0.scope === scope ? $0.box : nil } }
    if let held { return held }
    let box = Box(read(scope.values))
    stored.withLock { $0 = Entry(scope: scope, box: box) }
    return box
  }
}
