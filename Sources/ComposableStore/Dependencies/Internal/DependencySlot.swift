import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The dependency scope bound on this thread for the synchronous extent of a binder: the fast
/// path of ``DependencyScope/current``, which a `@Dependency` read checks before the task-local.
///
/// A task-local costs a lookup per read and a push and pop (an allocation) per binding; this is
/// one word per thread, behind a `pthread` key, written by a store around each action and by
/// every synchronous binder. It is exact because synchronous code never interleaves with other
/// code on its thread: while a binder runs, everything on the thread is inside it, and the binder
/// puts back what it found before it returns. Asynchronous binders (an effect's task,
/// `withDependencies` with an `async` operation) only set the task-local, and outside every
/// synchronous binder the slot is empty, so they are read there.
///
/// The slot holds the scope unretained: the binder keeps it alive for the extent.
@usableFromInline
enum DependencySlot {
  /// The key of the per-thread cell plus one, or 0 before the first binder makes it. (Not a
  /// lazy `static let`: its initialisation check would cost every read a call.)
  @usableFromInline static let storedKey = Atomic<UInt64>(0)
  /// Set when the process has no key left: binders then use the task-local alone.
  static let unavailable = Atomic<Bool>(false)

  /// The address of the scope bound on this thread by a synchronous binder, if any.
  @inlinable
  static var address: UInt {
    let stored = storedKey.load(ordering: .acquiring)
    guard stored != 0, let cell = pthread_getspecific(pthread_key_t(truncatingIfNeeded: stored - 1))
    else { return 0 }
    return cell.load(as: UInt.self)
  }

  /// The key, made on first use; `nil` where the process has none left.
  static func key() -> pthread_key_t? {
    let stored = storedKey.load(ordering: .acquiring)
    if stored != 0 { return pthread_key_t(truncatingIfNeeded: stored - 1) }
    if unavailable.load(ordering: .relaxed) { return nil }
    var key = pthread_key_t()
    // The cell (one word) is freed when its thread ends.
    guard pthread_key_create(&key, { $0?.deallocate() }) == 0 else {
      unavailable.store(true, ordering: .relaxed)
      return nil
    }
    let (exchanged, winner) = storedKey.compareExchange(
      expected: 0, desired: UInt64(key) + 1, ordering: .acquiringAndReleasing)
    guard exchanged else {
      // Another thread made one first: use it.
      pthread_key_delete(key)
      return pthread_key_t(truncatingIfNeeded: winner - 1)
    }
    return key
  }

  /// This thread's cell, made on first use; `nil` where there is no key or no memory.
  @usableFromInline
  static func cell() -> UnsafeMutableRawPointer? {
    guard let key = key() else { return nil }
    if let cell = pthread_getspecific(key) { return cell }
    let cell = UnsafeMutableRawPointer.allocate(
      byteCount: MemoryLayout<UInt>.size, alignment: MemoryLayout<UInt>.alignment)
    cell.storeBytes(of: 0, as: UInt.self)
    guard pthread_setspecific(key, cell) == 0 else {
      cell.deallocate()
      return nil
    }
    return cell
  }
}

extension DependencyScope {
  /// Runs `operation` with this scope in the current thread's slot, and only there: the store's
  /// binding around each action. Where the slot is unavailable, binds the task-local instead.
  ///
  /// Cheaper than ``bind(_:)`` (no task-local push), and what a store needs: `@Dependency`,
  /// ``DependencyValues/current``, effects and stores made by the reducer all read the slot
  /// first. A `Task` the reducer starts itself does not inherit it (see DifferencesFromTCA).
  /// Once the thread has its cell, this is one `pthread_getspecific` and two stores.
  @inlinable @inline(__always)
  func bindOnThisThread<Result>(_ operation: () throws -> Result) rethrows -> Result {
    let found =
      slotKey == 0 ? nil : pthread_getspecific(pthread_key_t(truncatingIfNeeded: slotKey - 1))
    guard let cell = found ?? DependencySlot.cell() else { return try bindTaskLocal(operation) }
    return try withSlot(cell, operation)
  }

  /// Runs `build` with this scope in the current thread's slot, and returns what it made: a
  /// reducer whose `@Dependency` properties keep this scope. Where the slot is unavailable,
  /// `build` runs as it is (its reducer then finds the scope the store binds for each action).
  @usableFromInline
  func building<Made>(_ build: () -> sending Made) -> sending Made {
    guard let cell = DependencySlot.cell() else { return build() }
    let previous = cell.load(as: UInt.self)
    cell.storeBytes(of: UInt(bitPattern: ObjectIdentifier(self)), as: UInt.self)
    defer { cell.storeBytes(of: previous, as: UInt.self) }
    // `self`, the receiver, is alive for the call.
    return build()
  }

  /// Runs `operation` with `scope` bound, or with none (the process's defaults) where it is
  /// `nil`, whatever is bound around it: to the task-local, and in this thread's slot where the
  /// thread has one (an empty slot defers to the task-local).
  @usableFromInline
  static func rebinding<Result>(
    _ scope: DependencyScope?, _ operation: () throws -> Result
  ) rethrows -> Result {
    try DependencyValues.$scope.withValue(scope) {
      let stored = DependencySlot.storedKey.load(ordering: .acquiring)
      guard stored != 0,
        let cell = pthread_getspecific(pthread_key_t(truncatingIfNeeded: stored - 1))
      else { return try operation() }
      let previous = cell.load(as: UInt.self)
      cell.storeBytes(of: scope.map { UInt(bitPattern: ObjectIdentifier($0)) } ?? 0, as: UInt.self)
      defer { cell.storeBytes(of: previous, as: UInt.self) }
      return try operation()
    }
  }

  /// Runs `operation` with this scope bound to the task-local alone.
  @usableFromInline
  func bindTaskLocal<Result>(_ operation: () throws -> Result) rethrows -> Result {
    try DependencyValues.$scope.withValue(self) { try operation() }
  }

  /// Runs `operation` with this scope in `cell`, then puts back what was there.
  @inlinable @inline(__always)
  func withSlot<Result>(
    _ cell: UnsafeMutableRawPointer, _ operation: () throws -> Result
  ) rethrows -> Result {
    let previous = cell.load(as: UInt.self)
    cell.storeBytes(of: UInt(bitPattern: ObjectIdentifier(self)), as: UInt.self)
    defer { cell.storeBytes(of: previous, as: UInt.self) }
    return try withExtendedLifetime(self) { try operation() }
  }
}
