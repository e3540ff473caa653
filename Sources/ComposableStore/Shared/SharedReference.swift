import Synchronization

/// The storage every ``Shared`` with one key points at: a value under a lock, and optionally a
/// ``SharedPersistence`` that keeps it elsewhere too (read back on each access, written on each
/// change).
public final class SharedReference<Value: Sendable>: Sendable {
  private let storage: Mutex<Value>
  private let persistence: (any SharedPersistence<Value>)?

  /// A reference holding `value`, in memory only.
  public init(_ value: Value) {
    self.storage = Mutex(value)
    self.persistence = nil
  }

  /// A reference holding `value` and keeping it in `persistence` too.
  public init(_ value: Value, persistence: some SharedPersistence<Value>) {
    self.storage = Mutex(value)
    self.persistence = persistence
  }

  /// The current value: a change stored elsewhere since the last access is read back first.
  public var value: Value {
    get {
      storage.withLock { value in
        if let changed = persistence?.loadIfChanged() { value = changed }
        return value
      }
    }
    set {
      storage.withLock { value in
        value = newValue
        persistence?.save(newValue)
      }
    }
  }

  /// Why the persistence last failed to load or save the value; `nil` when it succeeded, or for
  /// a value kept in memory only.
  public var persistenceError: (any Error)? {
    storage.withLock { _ in persistence?.lastError }
  }
}
