/// A ``SharedKey`` that keeps its value in memory, under a name: `.inMemory("units")`.
///
/// The values live in ``DependencyValues/defaultInMemoryStorage``: one storage for an app's
/// process, and a fresh one for each `TestStore`, so tests do not see each other's values.
public struct InMemoryKey<Value: Sendable>: SharedKey {
  /// The name the value is kept under.
  public let name: String

  /// What tells this key's value apart: its name and the `\.defaultInMemoryStorage` it resolves
  /// in now, not the value's type (TCA's `id`).
  public var id: InMemoryKeyID {
    @Dependency(\.defaultInMemoryStorage) var storage
    return InMemoryKeyID(name: name, storage: ObjectIdentifier(storage))
  }

  /// The reference kept under ``name`` (for values of this type), made now if there is none.
  public func reference(initialValue: @autoclosure () -> Value) -> SharedReference<Value> {
    @Dependency(\.defaultInMemoryStorage) var storage
    return storage.reference(name: name, initialValue: initialValue())
  }

  /// The reference kept under ``name``, if one was made.
  public func existingReference() -> SharedReference<Value>? {
    @Dependency(\.defaultInMemoryStorage) var storage
    return storage.existingReference(name: name, kind: "inMemory")
  }
}

extension SharedKey {
  /// Keeps the value in memory under `name`: every `@Shared(.inMemory(name))` of the same type
  /// shares it.
  public static func inMemory<Value>(_ name: String) -> Self where Self == InMemoryKey<Value> {
    InMemoryKey(name: name)
  }
}
