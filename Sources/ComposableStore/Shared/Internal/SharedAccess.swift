/// What a ``SharedReader`` reads through: a ``SharedReference``, or a part of one reached by a
/// key path.
protocol SharedReadable<Value>: Sendable {
  associatedtype Value: Sendable

  /// The value as `view` sees it.
  func read(_ view: SharedView) -> Value
  /// Why the storage last failed to load or save the value.
  var persistenceError: (any Error)? { get }
  /// Whether `other` reads the same value: the same reference and key path.
  func isSame(as other: any SharedReadable<Value>) -> Bool
}

/// What a ``Shared`` reads and writes through: a ``SharedReference``, or a part of one reached by
/// a key path (`$settings.units`).
protocol SharedAccess<Value>: SharedReadable {
  /// Stores `newValue` (the expectation, inside a test store's assertion closure).
  func write(_ newValue: Value)
  /// Changes the value atomically (see ``SharedReference/withLock(_:)``).
  func withLock<R: Sendable>(_ body: (inout Value) throws -> R) rethrows -> R
  /// The reference that holds the value, whose changes a test store tracks.
  var tracked: any SharedTracked { get }
}

extension SharedReference: SharedAccess {
  var tracked: any SharedTracked { self }

  func isSame(as other: any SharedReadable<Value>) -> Bool {
    (other as? SharedReference<Value>) === self
  }
}

/// The part of a shared value a key path reaches: reads and writes go to the root reference, so
/// the part is shared, tracked and persisted with it.
final class SharedProjection<Root: Sendable, Value: Sendable>: SharedAccess {
  let root: any SharedAccess<Root>
  let keyPath: WritableKeyPath<Root, Value> & Sendable

  init(root: any SharedAccess<Root>, keyPath: WritableKeyPath<Root, Value> & Sendable) {
    self.root = root
    self.keyPath = keyPath
  }

  func read(_ view: SharedView) -> Value {
    root.read(view)[keyPath: keyPath]
  }

  func write(_ newValue: Value) {
    root.withLock { $0[keyPath: keyPath] = newValue }
  }

  func withLock<R: Sendable>(_ body: (inout Value) throws -> R) rethrows -> R {
    try root.withLock { try body(&$0[keyPath: keyPath]) }
  }

  var persistenceError: (any Error)? { root.persistenceError }

  var tracked: any SharedTracked { root.tracked }

  func isSame(as other: any SharedReadable<Value>) -> Bool {
    guard let other = other as? SharedProjection<Root, Value> else { return false }
    return other.keyPath == keyPath && root.isSame(as: other.root)
  }
}

/// The part of a shared value a read-only key path reaches, for a ``SharedReader``.
final class SharedReadProjection<Root: Sendable, Value: Sendable>: SharedReadable {
  let root: any SharedReadable<Root>
  let keyPath: KeyPath<Root, Value> & Sendable

  init(root: any SharedReadable<Root>, keyPath: KeyPath<Root, Value> & Sendable) {
    self.root = root
    self.keyPath = keyPath
  }

  func read(_ view: SharedView) -> Value {
    root.read(view)[keyPath: keyPath]
  }

  var persistenceError: (any Error)? { root.persistenceError }

  func isSame(as other: any SharedReadable<Value>) -> Bool {
    guard let other = other as? SharedReadProjection<Root, Value> else { return false }
    return other.keyPath == keyPath && root.isSame(as: other.root)
  }
}
