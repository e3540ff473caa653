/// Where a ``Shared`` value is kept: what `@Shared(key)` resolves to a reference.
public protocol SharedKey<Value>: Sendable {
  /// The type of the value kept.
  associatedtype Value: Sendable

  /// The reference for this key, made holding `initialValue` if none exists yet.
  func reference(initialValue: @autoclosure () -> Value) -> SharedReference<Value>

  /// The reference for this key if a value is stored under it, else `nil`: what
  /// `try Shared(key)` shares, with no initial value to fall back on.
  func existingReference() -> SharedReference<Value>?
}

extension SharedKey {
  /// No stored value is known without an initial value: `try Shared(key)` throws.
  public func existingReference() -> SharedReference<Value>? { nil }
}
