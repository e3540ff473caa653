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
/// After the first read, a read where nothing is bound (a store made at an app's entry point)
/// is two atomic loads; in a store made inside `withDependencies`, it adds a look at the thread's
/// slot where the store puts its values. Neither copies the client: only the endpoint called is
/// retained for the call (see <doc:Performance>). Elsewhere (in an effect, in a test store) a
/// read looks up the task-local values.
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
  /// The values bound where this wrapper was made, if any.
  @usableFromInline let initialValues: DependencyScope?
  /// The address of ``initialValues``, or 0: compared with the thread's slot without a retain.
  @usableFromInline let initialAddress: UInt
  @usableFromInline let read: @Sendable (DependencyValues) -> Value
  /// The value last read, with the scope it was read in.
  @usableFromInline let memo = DependencyMemo<Value>()

  /// The dependency at `keyPath`: `@Dependency(\.motionClient) var motion`.
  public init(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) {
    self.init(initialValues: DependencyScope.current) { $0[keyPath: keyPath] }
  }

  /// The dependency registered with `key`: `@Dependency(APIClientKey.self) var api`.
  public init<Key: TestDependencyKey & SendableMetatype>(_: Key.Type) where Key.Value == Value {
    self.init(initialValues: DependencyScope.current) { $0[Key.self, ""] }
  }

  private init(
    initialValues: DependencyScope?, read: @escaping @Sendable (DependencyValues) -> Value
  ) {
    self.initialValues = initialValues
    self.initialAddress = initialValues.map { UInt(bitPattern: ObjectIdentifier($0)) } ?? 0
    self.read = read
  }

  /// The dependency's current value.
  @inlinable
  public var wrappedValue: Value {
    // Borrowed from a box, so `motion.create(id)` copies one endpoint, not the whole client. The
    // accessor is kept small, so that it is inlined into the reducer: the rest is out of line.
    _read {
      let box = memo.box(initialAddress: initialAddress) ?? slowBox
      yield box.value
    }
  }

  /// The value behind a reference, found the slow way: the current scope from the task-local,
  /// and a lock where the memo's fast path does not hold it.
  @usableFromInline
  var slowBox: DependencyMemo<Value>.Box {
    let scope = DependencyScope.current
    if initialValues == nil || initialValues === scope {
      // The values of one scope (or the process's defaults) never change: what was read in it
      // holds while it is the current one.
      return memo.value(in: scope, read)
    }
    return DependencyMemo.Box(read(values))
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

/// The value a ``Dependency`` last read, and the scope (or none) it read it in.
///
/// Two values are published once, then read without a lock: the process's default (read where
/// nothing is bound) and the value in the first scope the wrapper was read in (a store's). A
/// value in any other scope is kept under a lock.
@usableFromInline
final class DependencyMemo<Value: Sendable>: Sendable {
  let stored = Mutex<Entry?>(nil)
  /// The value read where nothing is bound: it never changes, so it is published once, without
  /// a lock. Owns one retain of the box, released in `deinit` (`AtomicLazyReference` does the
  /// same, but its `load` is not inlined and costs a generic-metadata lookup per read).
  @usableFromInline let processDefault = Atomic<Unmanaged<Box>?>(nil)
  /// The value read in the first scope this memo met, with that scope: published once, like
  /// ``processDefault``, and owning one retain of the entry.
  @usableFromInline let firstScope = Atomic<Unmanaged<Entry>?>(nil)

  @usableFromInline
  final class Entry: Sendable {
    /// Kept alive, so that no other scope can have its address.
    @usableFromInline let scope: DependencyScope
    @usableFromInline let address: UInt
    @usableFromInline let box: Box

    @usableFromInline
    init(scope: DependencyScope, box: Box) {
      self.scope = scope
      self.address = UInt(bitPattern: ObjectIdentifier(scope))
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
    firstScope.load(ordering: .acquiring)?.release()
  }

  /// The box a read borrows from, when this memo holds it for the current scope without a lock
  /// or a task-local lookup: nothing is bound anywhere and the default was read, or this
  /// thread's slot holds the scope the memo met first (and the wrapper was made in no scope, or
  /// in that one).
  @inlinable @inline(__always)
  func box(initialAddress: UInt) -> Box? {
    guard DependencyScope.alive.load(ordering: .relaxed) != 0 else {
      // No scope exists, so the wrapper was made in none either.
      return processDefault.load(ordering: .acquiring)?.takeUnretainedValue()
    }
    return boxInThreadScope(initialAddress: initialAddress)
  }

  /// The box of the first scope, if this thread's slot holds that scope (out of line, so that a
  /// read where nothing is bound stays small enough to inline).
  @inlinable @inline(never)
  func boxInThreadScope(initialAddress: UInt) -> Box? {
    let address = DependencySlot.address
    guard address != 0, initialAddress == 0 || initialAddress == address,
      let entry = firstScope.load(ordering: .acquiring)?.takeUnretainedValue(),
      entry.address == address
    else { return nil }
    return entry.box
  }

  /// Publishes `box` as the process default unless another thread did first; returns the one
  /// published.
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
  func value(in scope: DependencyScope?, _ read: (DependencyValues) -> Value) -> Box {
    guard let scope else {
      if let box = processDefault.load(ordering: .acquiring) { return box.takeUnretainedValue() }
      return publish(Box(read(.processDefault)))
    }
    if let first = firstScope.load(ordering: .acquiring)?.takeUnretainedValue(),
      first.scope === scope
    {
      return first.box
    }
    let held = stored.withLock { entry in entry.flatMap { $0.scope === scope ? $0.box : nil } }
    if let held { return held }
    let entry = Entry(scope: scope, box: Box(read(scope.values)))
    let retained = Unmanaged.passRetained(entry)
    let (exchanged, _) = firstScope.compareExchange(
      expected: nil, desired: retained, ordering: .acquiringAndReleasing)
    if !exchanged {
      retained.release()
      stored.withLock { $0 = entry }
    }
    return entry.box
  }
}
