import Synchronization

/// The storage every ``Shared`` with one key points at: a value under a lock.
public final class SharedReference<Value: Sendable>: Sendable {
  private let storage: Mutex<Value>

  /// A reference holding `value`.
  public init(_ value: Value) {
    self.storage = Mutex(value)
  }

  /// The current value.
  public var value: Value {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }
}
