/// Where a ``SharedReference`` keeps its value besides memory: a file, say. A ``SharedKey`` that
/// persists its value makes its reference with one.
///
/// The reference calls both requirements while holding its lock, so calls never overlap and a
/// write is never reordered with a read.
public protocol SharedPersistence<Value>: Sendable {
  /// The type of the value kept.
  associatedtype Value: Sendable

  /// The value stored elsewhere if it changed since the last load or save, else `nil` (keep the
  /// value in memory). Called on every read of the shared value, so it must be cheap when
  /// nothing changed.
  func loadIfChanged() -> Value?

  /// Stores `value`, which the reference now holds. A failure is the persistence's to report:
  /// the value in memory stands.
  func save(_ value: Value)

  /// Why the last load or save failed, `nil` after one that succeeded.
  var lastError: (any Error)? { get }
}
