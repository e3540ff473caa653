import Synchronization

/// The in-memory values of ``InMemoryKey``, by name and type.
public final class InMemoryStorage: Sendable {
  private struct Slot: Hashable {
    let name: String
    let type: ObjectIdentifier
    /// Which kind of key owns the slot: keeps `.inMemory(name)` apart from other keys' names.
    let kind: String
  }

  private let references = Mutex<[Slot: any Sendable]>([:])

  /// An empty storage.
  public init() {}

  /// The reference under `name` for `Value`, made holding `initialValue` if there is none
  /// (`initialValue` is evaluated only then).
  public func reference<Value: Sendable>(
    name: String, initialValue: @autoclosure () -> Value
  ) -> SharedReference<Value> {
    reference(name: name, kind: "inMemory") { SharedReference(initialValue()) }
  }

  /// The reference under `name` for `Value` and the key kind `kind`, if one was made.
  public func existingReference<Value: Sendable>(
    name: String, kind: String
  ) -> SharedReference<Value>? {
    let slot = Slot(name: name, type: ObjectIdentifier(Value.self), kind: kind)
    return references.withLock { $0[slot] } as? SharedReference<Value>
  }

  /// The reference under `name` for `Value` and the key kind `kind` (`"fileStorage"`, say), made
  /// by `make` if there is none: how a persisting key shares one reference per file or name.
  public func reference<Value: Sendable>(
    name: String, kind: String, make: () -> SharedReference<Value>
  ) -> SharedReference<Value> {
    let slot = Slot(name: name, type: ObjectIdentifier(Value.self), kind: kind)
    if let existing = references.withLock({ $0[slot] }) as? SharedReference<Value> {
      return existing
    }
    // Made outside the lock: the initial value may itself be shared state of this storage.
    let made = make()
    return references.withLock { table in
      if let existing = table[slot] as? SharedReference<Value> { return existing }
      table[slot] = made
      return made
    }
  }
}

extension DependencyValues {
  /// Where `.inMemory` shared values live: one storage per process live, and a new one per
  /// dependency cache in tests (each `TestStore` has its own).
  public var defaultInMemoryStorage: InMemoryStorage {
    get { self[InMemoryStorageKey.self] }
    set { self[InMemoryStorageKey.self] = newValue }
  }
}

private enum InMemoryStorageKey: DependencyKey {
  static let liveValue = InMemoryStorage()
  static var testValue: InMemoryStorage { InMemoryStorage() }
}
