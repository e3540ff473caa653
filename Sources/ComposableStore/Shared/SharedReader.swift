/// Read-only shared state, TCA's `@SharedReader`: a feature that only reads a value another
/// feature owns (`Child.State(units: $settings.units.reader)`), or a key it must not change.
///
/// ```swift
/// struct Dashboard: Reducer {
///   struct State: Equatable, Sendable {
///     @SharedReader(.inMemory("units")) var metric = true
///   }
///   …
/// }
/// ```
///
/// It reads what every ``Shared`` with the same reference or key reads, and a change made
/// through any of them shows in a `TestStore`'s state diff like a `@Shared` one.
@propertyWrapper
@dynamicMemberLookup
public struct SharedReader<Value: Sendable>: Sendable {
  let reference: any SharedReadable<Value>

  /// Reads what `shared` reads and writes: `$count.reader`.
  public init(_ shared: Shared<Value>) {
    self.reference = shared.reference
  }

  /// Reads the value stored under `key`, which starts at `wrappedValue` if nothing is stored
  /// there yet (evaluated either way, as for ``Shared/init(wrappedValue:_:)``).
  public init(wrappedValue: Value, _ key: some SharedKey<Value>) {
    self.init(Shared(wrappedValue: wrappedValue, key))
  }

  /// Reads the value stored under `key`, which starts at the key's default if nothing is stored
  /// there yet (the default is evaluated only then).
  public init<Base: SharedKey<Value>>(_ key: PersistenceKeyDefault<Base>) {
    self.init(Shared(key))
  }

  /// Reads the value stored under `key`.
  ///
  /// - Throws: ``SharedLoadError`` when nothing is stored under `key`.
  public init(_ key: some SharedKey<Value>) throws(SharedLoadError) {
    self.init(try Shared(key))
  }

  /// The same as `init(_:)` with a key: swift-sharing's spelling, `try SharedReader(require:
  /// key)` (synchronous here).
  ///
  /// - Throws: ``SharedLoadError`` when nothing is stored under `key`.
  public init(require key: some SharedKey<Value>) throws(SharedLoadError) {
    self.init(try Shared(key))
  }

  /// A value that never changes, for a child feature's state in a test or a preview.
  public static func constant(_ value: Value) -> SharedReader {
    SharedReader(Shared(value: value))
  }

  init(reference: any SharedReadable<Value>) {
    self.reference = reference
  }

  /// The shared value now.
  public var wrappedValue: Value {
    reference.read(SharedAssertion.context?.view ?? .current)
  }

  /// This reader, to hand to a child feature's state.
  public var projectedValue: SharedReader<Value> {
    get { self }
    set { self = newValue }
  }

  /// Why the key's storage last failed to load or save the value; `nil` when it succeeded.
  public var loadError: (any Error)? { reference.persistenceError }

  /// The part of this shared value at `keyPath`, read-only: `$settings.units`.
  public subscript<Member: Sendable>(
    dynamicMember keyPath: KeyPath<Value, Member> & Sendable
  ) -> SharedReader<Member> {
    SharedReader<Member>(reference: SharedReadProjection(root: reference, keyPath: keyPath))
  }
}

extension Shared {
  /// A read-only view of this shared value, for a feature that must not change it.
  public var reader: SharedReader<Value> { SharedReader(self) }
}

extension SharedReader: Equatable where Value: Equatable {
  /// Two readers are equal when the values they read are (inside a test store's comparison,
  /// each side reads the value the test expects or the feature holds).
  public static func == (lhs: SharedReader, rhs: SharedReader) -> Bool {
    if let comparison = SharedAssertion.comparison {
      return lhs.reference.read(comparison.lhs) == rhs.reference.read(comparison.rhs)
    }
    let view = SharedAssertion.context?.view ?? .current
    return lhs.reference.read(view) == rhs.reference.read(view)
  }
}

extension SharedReader: CustomReflectable {
  /// Dumps as the value, as ``Shared`` does.
  public var customMirror: Mirror {
    Mirror(reflecting: wrappedValue)
  }
}

extension SharedReader: CustomStringConvertible {
  /// The value's description.
  public var description: String { String(describing: wrappedValue) }
}
