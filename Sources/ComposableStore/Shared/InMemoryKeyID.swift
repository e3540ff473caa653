/// What tells one `.inMemory` key's value apart from another's: its name and the
/// ``InMemoryStorage`` it resolves in, whatever the value's type (TCA's `InMemoryKeyID`).
public struct InMemoryKeyID: Hashable, Sendable {
  /// The name the value is kept under.
  public let name: String
  let storage: ObjectIdentifier
}
