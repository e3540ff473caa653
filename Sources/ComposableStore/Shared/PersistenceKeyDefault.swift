/// A key with a default value of its own, TCA's `PersistenceKeyDefault`: declare it once, and
/// `@Shared(.isOn) var isOn` needs no initial value at each use.
///
/// ```swift
/// extension SharedKey where Self == PersistenceKeyDefault<InMemoryKey<Bool>> {
///   static var isOn: Self { PersistenceKeyDefault(.inMemory("isOn"), false) }
/// }
/// ```
///
/// The default is evaluated only when nothing is stored under the key yet. A use that gives its
/// own initial value (`@Shared(.isOn) var isOn = true`) uses that instead, likewise only when
/// nothing is stored.
public struct PersistenceKeyDefault<Base: SharedKey>: SharedKey {
  /// The key the value is stored under.
  public let base: Base
  let defaultValue: @Sendable () -> Base.Value

  /// `key`, with `value` as the value when nothing is stored under it.
  public init(_ key: Base, _ value: @autoclosure @escaping @Sendable () -> Base.Value) {
    self.base = key
    self.defaultValue = value
  }

  /// The base key's reference, made holding `initialValue` if none exists yet.
  public func reference(initialValue: @autoclosure () -> Base.Value)
    -> SharedReference<Base.Value>
  {
    base.reference(initialValue: initialValue())
  }

  /// The base key's reference, if a value is stored under it.
  public func existingReference() -> SharedReference<Base.Value>? {
    base.existingReference()
  }
}

extension Shared {
  /// Shares the value stored under `key`, which starts at the key's default if nothing is
  /// stored there yet (the default is evaluated only then): `@Shared(.isOn) var isOn`.
  public init<Base: SharedKey<Value>>(_ key: PersistenceKeyDefault<Base>) {
    self.init(reference: key.reference(initialValue: key.defaultValue()))
  }
}
