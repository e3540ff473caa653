import Synchronization

/// What a ``Dependency`` has read, kept so that a read in the same scope again costs a few loads
/// and no retain.
///
/// Two values are published once, then read without a lock or a retain, from memory this memo
/// owns until it ends (a read borrows the wrapper, hence the memo, so the memory outlives it):
/// - the *home* value: the one read in the scope the wrapper was made in (the process's defaults
///   for a wrapper made where nothing was bound), with nothing else bound on top;
/// - the value in the first other scope a wrapper made in no scope was read in (a store's, when
///   a reducer made beforehand is handed to `Store(…withDependencies:)`).
///
/// A value in any other scope is kept under a lock, in a box a read retains.
@usableFromInline
final class DependencyMemo<Value: Sendable>: Sendable {
  /// The process's scope count, reached through this memo: a global's addressor would cost every
  /// read a call across modules.
  @usableFromInline let census: DependencyCensus
  /// How many scopes exist when the only one is the home scope: 0 for a wrapper made where
  /// nothing was bound, 1 for one made in a scope (which the wrapper keeps alive).
  @usableFromInline let homeCount: Int
  /// The address of the scope the wrapper was made in, or 0.
  @usableFromInline let homeAddress: UInt
  /// The home value's entry: published once, as the address of one retain of it (see
  /// ``Entry``), released in `deinit`; 0 before the first read.
  @usableFromInline let home = Atomic<UInt>(0)
  /// The entry of the value read in the first other scope: published once, like ``home``.
  @usableFromInline let firstScope = Atomic<UInt>(0)
  /// The entry of the value read in the last scope that was neither, as ``home`` holds one:
  /// replaced by the next such scope, so only taken (and retained) under the lock.
  let stored = Mutex<UInt>(0)

  /// A value in memory of its own, at an address that does not change while the entry lives,
  /// and the scope it was read in.
  ///
  /// Not declared `Sendable` only because it holds a pointer: every property is a constant,
  /// and the value (itself `Sendable`) is written once, in `init`, before the entry is
  /// published (with release ordering) or handed out, and only read after. ``home`` and
  /// ``firstScope`` hold it as a word for that reason.
  @usableFromInline
  final class Entry {
    /// Kept alive, so that no other scope can have its address; `nil` for a home value.
    let scope: DependencyScope?
    @usableFromInline let address: UInt
    @usableFromInline let value: UnsafeMutablePointer<Value>

    init(scope: DependencyScope?, value: Value) {
      self.scope = scope
      self.address = scope.map { UInt(bitPattern: ObjectIdentifier($0)) } ?? 0
      self.value = .allocate(capacity: 1)
      self.value.initialize(to: value)
    }

    deinit {
      value.deinitialize(count: 1)
      value.deallocate()
    }
  }

  /// Where a read finds its value, and what keeps it there: nothing for an entry this memo
  /// holds (the read borrows the memo), otherwise one retain of the entry, which the read
  /// releases with ``end()`` (an `Unmanaged`, so that the fast path tests a word for `nil`
  /// rather than call the runtime to release nothing).
  @usableFromInline
  struct Found {
    @usableFromInline let value: UnsafePointer<Value>
    @usableFromInline let owner: Unmanaged<Entry>?

    /// Memory this memo holds.
    @inlinable
    init(_ value: UnsafePointer<Value>) {
      self.value = value
      self.owner = nil
    }

    init(_ entry: Entry, owned: Bool) {
      self.value = UnsafePointer(entry.value)
      self.owner = owned ? Unmanaged.passRetained(entry) : nil
    }

    /// Ends the read: releases the entry it retained, if any.
    @inlinable @inline(__always)
    func end() {
      owner?.release()
    }
  }

  @usableFromInline
  init(home: DependencyScope?) {
    self.census = DependencyCensus.shared
    self.homeCount = home == nil ? 0 : 1
    self.homeAddress = home.map { UInt(bitPattern: ObjectIdentifier($0)) } ?? 0
  }

  deinit {
    Self.entry(at: home.load(ordering: .acquiring))?.release()
    Self.entry(at: firstScope.load(ordering: .acquiring))?.release()
    stored.withLock { Self.entry(at: $0)?.release() }
  }

  /// The entry a published word stands for, if any.
  @inlinable @inline(__always)
  static func entry(at address: UInt) -> Unmanaged<Entry>? {
    UnsafeRawPointer(bitPattern: address).map { Unmanaged.fromOpaque($0) }
  }

  /// The value this memo holds for the current scope, if it can tell without a lock or a
  /// task-local lookup.
  ///
  /// Where the home scope is the only scope in the process (none at all, for a wrapper made in
  /// none), nothing else can be bound here, so the home value applies: a few loads and a
  /// compare. The count is exact for this check: a scope bound here was made before this read,
  /// in this thread's history, and is alive until after it, so a relaxed load counts it.
  @inlinable @inline(__always)
  func fastValue() -> UnsafePointer<Value>? {
    if census.scopes.load(ordering: .relaxed) == homeCount,
      let home = Self.entry(at: home.load(ordering: .acquiring))
    {
      // This memo owns a retain of the entry, and the read borrows this memo.
      return home._withUnsafeGuaranteedRef { UnsafePointer($0.value) }
    }
    return valueInThreadScope()
  }

  /// The value for the scope in this thread's slot, if this memo holds it (out of line: only
  /// reads where more scopes exist than the home one come here).
  @inlinable @inline(never)
  func valueInThreadScope() -> UnsafePointer<Value>? {
    let address = DependencySlot.address
    guard address != 0 else { return nil }
    // This memo owns a retain of each entry it published, and the read borrows this memo.
    if address == homeAddress {
      return Self.entry(at: home.load(ordering: .acquiring))?._withUnsafeGuaranteedRef {
        UnsafePointer($0.value)
      }
    }
    guard homeAddress == 0 else { return nil }
    return Self.entry(at: firstScope.load(ordering: .acquiring))?._withUnsafeGuaranteedRef {
      $0.address == address ? UnsafePointer($0.value) : nil
    }
  }

  /// The home value, read with `read` from `values` (the home scope's) unless it is published.
  func homeValue(
    _ values: @autoclosure () -> DependencyValues, _ read: (DependencyValues) -> Value
  ) -> Found {
    if let held = Self.entry(at: home.load(ordering: .acquiring))?.takeUnretainedValue() {
      return Found(held, owned: false)
    }
    let entry = Entry(scope: nil, value: read(values()))
    return publish(entry, in: home) ? Found(entry, owned: false) : Found(entry, owned: true)
  }

  /// The value in `scope` (not the home scope), read with `read` unless this memo holds it.
  func value(in scope: DependencyScope, _ read: (DependencyValues) -> Value) -> Found {
    if let first = Self.entry(at: firstScope.load(ordering: .acquiring))?.takeUnretainedValue(),
      first.scope === scope
    {
      return Found(first, owned: false)
    }
    let held = stored.withLock { address -> Entry? in
      guard let entry = Self.entry(at: address)?.takeUnretainedValue() else { return nil }
      return entry.scope === scope ? entry : nil
    }
    if let held { return Found(held, owned: true) }
    let entry = Entry(scope: scope, value: read(scope.values))
    if publish(entry, in: firstScope) { return Found(entry, owned: false) }
    let retained = UInt(bitPattern: Unmanaged.passRetained(entry).toOpaque())
    let replaced = stored.withLock { address in
      defer { address = retained }
      return address
    }
    Self.entry(at: replaced)?.release()
    return Found(entry, owned: true)
  }

  /// Publishes `entry` in `slot` unless another entry is there; returns whether it did.
  private func publish(_ entry: Entry, in slot: borrowing Atomic<UInt>) -> Bool {
    let retained = Unmanaged.passRetained(entry)
    let (exchanged, _) = slot.compareExchange(
      expected: 0, desired: UInt(bitPattern: retained.toOpaque()), ordering: .acquiringAndReleasing)
    if !exchanged { retained.release() }
    return exchanged
  }
}
