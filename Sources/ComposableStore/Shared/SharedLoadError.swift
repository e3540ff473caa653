/// Why `try Shared(key)` or `try SharedReader(key)` failed: nothing is stored under the key yet,
/// and no initial value was given.
public struct SharedLoadError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The key, as `String(describing:)` shows it.
  public let key: String

  /// A sentence naming the key and what to do.
  public var description: String {
    "nothing is stored under the shared key \(key): give an initial value (`@Shared(key) var "
      + "value = …`) or a key with a default (`PersistenceKeyDefault`)"
  }
}
