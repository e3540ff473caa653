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
/// seen by every other feature holding the key. A `.fileStorage` value is written throttled and
/// off the caller's thread live, and to an in-memory file system in tests (<doc:SharedState>).
///
/// ## Testing
///
/// A change to shared state shows in the `TestStore`'s state diff and must be asserted, as in
/// TCA: `await store.send(.toggle) { $0.metric = false }`. The test store tracks the shared
/// value itself, not one copy of it: a change made by an effect (`$count.withLock { $0 += 1 }`),
/// by a sibling feature holding the same key, or read back from a file is asserted at the next
/// step (or with `store.assert { … }`), and one left unasserted fails the test when the store
/// ends. Inside an assertion closure, reads and writes use the expected value and leave the
/// feature's alone.
@propertyWrapper
@dynamicMemberLookup
public struct Shared<Value: Sendable>: Sendable {
  let reference: any SharedAccess<Value>
  /// The value this copy last wrote or was made with: what `==` compares two copies of one
  /// reference by outside a test store's assertion, so a state written by its reducer differs
  /// from the state before.
  private var snapshot: Value

  /// Shares the value stored under `key`, which starts at `wrappedValue` if nothing is stored
  /// there yet. `wrappedValue` is evaluated either way (TCA's is an autoclosure; see
  /// DifferencesFromTCA).
  public init(wrappedValue: Value, _ key: some SharedKey<Value>) {
    let reference = key.reference(initialValue: wrappedValue)
    self.reference = reference
    self.snapshot = reference.value
  }

  /// Shares the value stored under `key`, with no initial value: TCA's `try Shared(key)`.
  ///
  /// - Throws: ``SharedLoadError`` when nothing is stored under `key` (no `.inMemory` value made
  ///   yet, no file holding one).
  public init(_ key: some SharedKey<Value>) throws(SharedLoadError) {
    guard let reference = key.existingReference() else {
      throw SharedLoadError(key: String(describing: key))
    }
    self.init(reference: reference)
  }

  /// The same as `try Shared(key)`: swift-sharing's spelling, `try Shared(require: key)`
  /// (synchronous here).
  ///
  /// - Throws: ``SharedLoadError`` when nothing is stored under `key`.
  public init(require key: some SharedKey<Value>) throws(SharedLoadError) {
    try self.init(key)
  }

  /// Shares `value` with nobody yet: pass ``projectedValue`` on to share it.
  public init(value: Value) {
    self.reference = SharedReference(value)
    self.snapshot = value
  }

  /// Shares `value` with nobody yet: TCA's `Shared(0)`, the same as ``init(value:)``.
  public init(_ value: Value) {
    self.init(value: value)
  }

  /// The shared value; setting it changes it for every holder.
  public var wrappedValue: Value {
    get { reference.read(SharedAssertion.context?.view ?? .current) }
    set {
      reference.write(newValue)
      snapshot = newValue
    }
  }

  /// Changes the shared value in place, atomically with respect to every other `withLock` on
  /// it: `$count.withLock { $0 += 1 }` from an effect or several tasks at once. Unlike setting
  /// ``wrappedValue``, it needs no `var`: an effect can capture `state.$count` and change it.
  ///
  /// `body` may read this shared value (it sees the value from before `body`), but must not
  /// wait for another task that locks it.
  @discardableResult
  public func withLock<R: Sendable>(_ body: (inout Value) throws -> R) rethrows -> R {
    try reference.withLock(body)
  }

  /// Why the key's storage last failed to load or save the value (a corrupt or unwritable
  /// file, for `.fileStorage`); `nil` when it succeeded or the value is kept in memory only.
  public var loadError: (any Error)? { reference.persistenceError }

  /// The part of this shared value at `keyPath`, shared with it: `$settings.units` hands a
  /// child feature one field of a shared struct, and a change through either is seen by both.
  public subscript<Member: Sendable>(
    dynamicMember keyPath: WritableKeyPath<Value, Member> & Sendable
  ) -> Shared<Member> {
    Shared<Member>(reference: SharedProjection(root: reference, keyPath: keyPath))
  }

  init(reference: any SharedAccess<Value>) {
    self.reference = reference
    self.snapshot = reference.read(.current)
  }

  /// This shared value, to hand to a child feature's state: `Child.State(count: $count)`.
  public var projectedValue: Shared<Value> {
    get { self }
    set { self = newValue }
  }
}

extension Shared {
  /// The value the test last asserted and the value now, when a test store's reducer or effects
  /// changed it since; `nil` when they did not. What `$shared.assert { … }` checks.
  package var unassertedChange: (asserted: Value, current: Value)? {
    guard reference.tracked.hasUnassertedChanges else { return nil }
    return (reference.read(.before), reference.read(.current))
  }

  /// Takes every change to this shared value as asserted.
  package func acceptChanges() {
    _ = reference.tracked.accept(upTo: .max)
  }
}

extension Shared: Equatable where Value: Equatable {
  /// Two copies of one shared value are equal when the values they last wrote are; two
  /// different shared values when their values are. Inside a test store's comparison each side
  /// reads the value the test expects or the feature holds.
  public static func == (lhs: Shared, rhs: Shared) -> Bool {
    if let comparison = SharedAssertion.comparison {
      return lhs.reference.read(comparison.lhs) == rhs.reference.read(comparison.rhs)
    }
    if let context = SharedAssertion.context {
      return lhs.reference.read(context.view) == rhs.reference.read(context.view)
    }
    if lhs.reference.isSame(as: rhs.reference) { return lhs.snapshot == rhs.snapshot }
    return lhs.reference.read(.current) == rhs.reference.read(.current)
  }
}

extension Shared: CustomReflectable {
  /// Dumps as the value (inside a test store, the value of the view it compares), so a state
  /// diff shows the shared value, not the reference.
  public var customMirror: Mirror {
    Mirror(reflecting: reference.read(SharedAssertion.context?.view ?? .current))
  }
}

extension Shared: CustomStringConvertible {
  /// The value's description.
  public var description: String { String(describing: wrappedValue) }
}
