import Synchronization

/// The storage every ``Shared`` with one key points at: a value under a lock, and optionally a
/// ``SharedPersistence`` that keeps it elsewhere too (read back on each access, written on each
/// change).
///
/// Inside a `TestStore` the reference also remembers the value the test last asserted, so a
/// change made anywhere (by a reducer, an effect, a sibling feature holding the same key, or the
/// file on disk) shows in the next assertion of the test store's state, as in TCA.
public final class SharedReference<Value: Sendable>: Sendable {
  private struct Storage {
    var value: Value
    /// The value before the first change the test has not asserted yet; `nil` when none.
    var baseline: Value?
    /// The changes the test has not asserted yet, by tracker version, oldest first.
    var changes: [(version: UInt64, value: Value)] = []
    /// The value a test store's assertion closure expects; `nil` outside an assertion.
    var expected: Value?

    /// The value the test last asserted.
    var before: Value { baseline ?? value }

    /// The value as of tracker version `version`.
    func value(asOf version: UInt64) -> Value {
      changes.last { $0.version <= version }?.value ?? before
    }

    /// Records a change to `newValue` made while `tracker` watches (if any).
    mutating func change(
      to newValue: Value, tracker: SharedChangeTracker?, reference: SharedReference
    ) {
      if let tracker {
        if baseline == nil { baseline = value }
        changes.append((tracker.track(reference), newValue))
      } else {
        // A change no test store made (the test itself, between steps): nothing to assert.
        baseline = nil
        changes.removeAll()
      }
      value = newValue
    }
  }

  private let storage: Mutex<Storage>
  private let persistence: (any SharedPersistence<Value>)?
  /// Serialises ``withLock(_:)`` bodies, which run outside `storage`'s lock so they may read
  /// the value.
  private let gate = Mutex<Void>(())

  /// A reference holding `value`, in memory only.
  public init(_ value: Value) {
    self.storage = Mutex(Storage(value: value))
    self.persistence = nil
  }

  /// A reference holding `value` and keeping it in `persistence` too.
  public init(_ value: Value, persistence: some SharedPersistence<Value>) {
    self.storage = Mutex(Storage(value: value))
    self.persistence = persistence
  }

  /// The current value: a change stored elsewhere since the last access is read back first.
  public var value: Value {
    get { read(.current) }
    set { write(newValue) }
  }

  /// Why the persistence last failed to load or save the value; `nil` when it succeeded, or for
  /// a value kept in memory only.
  public var persistenceError: (any Error)? {
    storage.withLock { _ in persistence?.lastError }
  }

  /// Changes the value in place, with no other ``withLock(_:)`` on this reference running at
  /// the same time: an atomic read-modify-write (`$count.withLock { $0 += 1 }`).
  ///
  /// `body` may read the value (it sees the value from before `body`) and may call `withLock`
  /// on this reference again; the nested call then runs without waiting.
  public func withLock<R: Sendable>(_ body: (inout Value) throws -> R) rethrows -> R {
    let key = ObjectIdentifier(self)
    if SharedLocks.held.contains(key) {
      return try modify(body)
    }
    return try SharedLocks.$held.withValue(SharedLocks.held.union([key])) {
      try gate.withLock { _ in try modify(body) }
    }
  }

  private func modify<R: Sendable>(_ body: (inout Value) throws -> R) rethrows -> R {
    var value = read(SharedAssertion.context?.view ?? .current)
    let result = try body(&value)
    write(value)
    return result
  }

  /// The value as `view` sees it.
  func read(_ view: SharedView) -> Value {
    let current = loadCurrent()
    switch view {
    case .current:
      return current
    case .asOf(let version):
      return storage.withLock { $0.value(asOf: version) }
    case .expected(let exhaustive, let version):
      return storage.withLock { storage in
        storage.expected ?? (exhaustive ? storage.before : storage.value(asOf: version))
      }
    case .before:
      return storage.withLock(\.before)
    }
  }

  /// Stores `newValue`: as the expectation inside a test store's assertion closure, as the
  /// value otherwise (remembering the change while a test store tracks changes).
  func write(_ newValue: Value) {
    if let context = SharedAssertion.context {
      storage.withLock { $0.expected = newValue }
      context.tracker.watch(self)
      return
    }
    @Dependency(\.sharedChangeTracker) var tracker
    storage.withLock { storage in
      storage.change(to: newValue, tracker: tracker, reference: self)
      persistence?.save(newValue)
    }
  }

  /// The value, after reading back a change stored elsewhere (a change a test store then
  /// tracks like any other).
  private func loadCurrent() -> Value {
    guard let persistence else { return storage.withLock(\.value) }
    @Dependency(\.sharedChangeTracker) var tracker
    return storage.withLock { storage in
      if let loaded = persistence.loadIfChanged() {
        storage.change(to: loaded, tracker: tracker, reference: self)
      }
      return storage.value
    }
  }
}

extension SharedReference: SharedTracked {
  func accept(upTo version: UInt64) -> Bool {
    storage.withLock { storage in
      storage.expected = nil
      guard !storage.changes.isEmpty else {
        storage.baseline = nil
        return false
      }
      storage.baseline = storage.value(asOf: version)
      storage.changes.removeAll { $0.version <= version }
      if storage.changes.isEmpty { storage.baseline = nil }
      return !storage.changes.isEmpty
    }
  }

  func clearExpectation() {
    storage.withLock { $0.expected = nil }
  }

  var hasUnassertedChanges: Bool {
    storage.withLock { !$0.changes.isEmpty }
  }
}

/// The references whose ``SharedReference/withLock(_:)`` the current task is inside.
private enum SharedLocks {
  @TaskLocal static var held: Set<ObjectIdentifier> = []
}
