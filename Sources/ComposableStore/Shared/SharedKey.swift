/// Where a ``Shared`` value is kept: what `@Shared(key)` resolves to a reference.
public protocol SharedKey<Value>: Sendable {
  /// The type of the value kept.
  associatedtype Value: Sendable

  /// The reference for this key, made holding `initialValue` if none exists yet.
  func reference(initialValue: @autoclosure () -> Value) -> SharedReference<Value>
}
