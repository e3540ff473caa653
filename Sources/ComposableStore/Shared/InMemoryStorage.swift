import Synchronization

/// The in-memory values of ``InMemoryKey``, by name and type.
public final class InMemoryStorage: Sendable {
  private struct Slot: Hashable {
    let name: String
    let type: ObjectIdentifier
  }

  private let references = Mutex<[Slot: any Sendable]>([:])

  /// An empty storage.
  public init() {}

  /// The reference under `name` for `Value`, made holding `initialValue` if there is none.
  public func reference<Value: Sendable>(
    name: String, initialValue: Value
  ) -> SharedReference<Value> {
    references.withLock { table in
      let slot = Slot(name: name, type: ObjectIdentifier(Value.self))
      if let existing = table[slot] as? SharedReference<Value> { return existing }
      let reference = SharedReference(initialValue)
      table[slot] = reference
      return reference
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
