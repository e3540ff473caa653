/// State shared by reference between features, TCA's `@Shared`, kept where its key says:
/// `.inMemory("name")` for the life of the process (or of a test store), or `.fileStorage(path)`
/// (ComposableSensorsFoundation) in a JSON file.
///
/// ```swift
/// struct Settings: Reducer {
///   struct State: Equatable, Sendable {
///     @Shared(.inMemory("units")) var metric = true
///   }
///   …
/// }
/// ```
///
/// Every `@Shared` with the same key reads and writes one value: a change a feature makes is
/// seen by every other feature holding the key.
///
/// ## Testing
///
/// A change to shared state shows in the `TestStore`'s state diff and must be asserted, as in
/// TCA: `await store.send(.toggle) { $0.metric = false }`. Each copy of a `Shared` remembers the
/// value it last wrote or was given (its snapshot), which is what `==` and the state dump
/// compare; inside a test store's assertion closure, reads and writes use that snapshot and
/// leave the shared value alone.
@propertyWrapper
public struct Shared<Value: Sendable>: Sendable {
  let reference: SharedReference<Value>
  /// The value this copy last wrote or was made with: what `==` and dumps compare.
  private var snapshot: Value

  /// Shares the value stored under `key`, which starts at `wrappedValue` if nothing is stored
  /// there yet.
  public init(wrappedValue: Value, _ key: some SharedKey<Value>) {
    self.reference = key.reference(initialValue: wrappedValue)
    self.snapshot = reference.value
  }

  /// Shares `value` with nobody yet: pass ``projectedValue`` on to share it.
  public init(value: Value) {
    self.reference = SharedReference(value)
    self.snapshot = value
  }

  /// The shared value; setting it changes it for every holder.
  public var wrappedValue: Value {
    get { SharedAssertion.isAsserting ? snapshot : reference.value }
    set {
      if !SharedAssertion.isAsserting { reference.value = newValue }
      snapshot = newValue
    }
  }

  /// Why the key's storage last failed to load or save the value (a corrupt or unwritable
  /// file, for `.fileStorage`); `nil` when it succeeded or the value is kept in memory only.
  public var loadError: (any Error)? { reference.persistenceError }

  /// This shared value, to hand to a child feature's state: `Child.State(count: $count)`.
  public var projectedValue: Shared<Value> {
    get { self }
    set { self = newValue }
  }
}

extension Shared: Equatable where Value: Equatable {
  /// Two shared values are equal when their snapshots are: the values they last wrote.
  public static func == (lhs: Shared, rhs: Shared) -> Bool {
    lhs.snapshot == rhs.snapshot
  }
}

extension Shared: CustomReflectable {
  /// Dumps as the snapshot, so a state diff shows the shared value, not the reference.
  public var customMirror: Mirror {
    Mirror(reflecting: snapshot)
  }
}

extension Shared: CustomStringConvertible {
  /// The snapshot's description.
  public var description: String { String(describing: snapshot) }
}

/// Set by `TestStore` while a test's assertion closure runs: a `Shared` then reads and writes
/// its snapshot only, so describing the expected state never changes the feature's.
package enum SharedAssertion {
  /// Whether the current task runs a test store's assertion closure.
  @TaskLocal package static var isAsserting = false
}
