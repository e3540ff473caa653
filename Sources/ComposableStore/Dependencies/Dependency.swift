/// A dependency, read where it is used: in a reducer, an effect, or any code they call
/// (swift-dependencies' `@Dependency`).
///
/// ```swift
/// struct Compass: Reducer {
///   @Dependency(\.motionClient) var motion
///   @Dependency(\.continuousClock) var clock
///   …
/// }
/// ```
///
/// The value is looked up at every read, so it is what the current scope provides: the store's
/// dependencies while the reducer runs, the dependencies of the action that started an effect
/// inside that effect, and `withDependencies` overrides. What was bound where the wrapper was
/// made (a reducer built inside `withDependencies`) is kept, under what is bound where it is read.
@propertyWrapper
public struct Dependency<Value>: Sendable {
  /// The values bound where this wrapper was made, if any.
  private let initialValues: DependencyValues?
  private let read: @Sendable (DependencyValues) -> Value

  /// The dependency at `keyPath`: `@Dependency(\.motionClient) var motion`.
  public init(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) {
    self.initialValues = DependencyValues.bound
    self.read = { $0[keyPath: keyPath] }
  }

  /// The dependency registered with `key`: `@Dependency(APIClientKey.self) var api`.
  public init<Key: TestDependencyKey & SendableMetatype>(_: Key.Type) where Key.Value == Value {
    self.initialValues = DependencyValues.bound
    self.read = { $0[Key.self, ""] }
  }

  /// The dependency's current value.
  public var wrappedValue: Value {
    read(values)
  }

  /// The values this wrapper reads from now.
  private var values: DependencyValues {
    let bound = DependencyValues.bound
    switch (initialValues, bound) {
    case (nil, nil): return .processDefault
    case (nil, let bound?): return bound
    case (let initial?, nil): return initial
    case (let initial?, let bound?): return initial.merging(bound)
    }
  }
}
