import Synchronization

/// A value behind a lock, shared by reference: swift-concurrency-extras' `LockIsolated`, which
/// TCA re-exports and TCA tests use to collect what effects and dependencies saw.
///
/// ```swift
/// let seen = LockIsolated<[Int]>([])
/// store.dependencies.sink = { value in seen.withValue { $0.append(value) } }
/// #expect(seen.value == [1, 2])
/// ```
///
/// Unlike upstream's, the value must be `Sendable` and the lock is a `Mutex`, which is not
/// recursive: calling `withValue` on the same instance from inside its `operation` deadlocks.
@dynamicMemberLookup
public final class LockIsolated<Value: Sendable>: Sendable {
  private let storage: Mutex<Value>

  /// A lock around `value`.
  public init(_ value: @autoclosure @Sendable () throws -> Value) rethrows {
    storage = Mutex(try value())
  }

  /// The value now.
  public var value: Value {
    storage.withLock { $0 }
  }

  /// A property of the value now: `counts.last`.
  public subscript<Subject: Sendable>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    storage.withLock { $0[keyPath: keyPath] }
  }

  /// Runs `operation` on the value under the lock, and returns what it returns.
  public func withValue<T: Sendable>(
    _ operation: @Sendable (inout Value) throws -> T
  ) rethrows -> T {
    try storage.withLock { value in try operation(&value) }
  }

  /// Replaces the value.
  public func setValue(_ newValue: @autoclosure @Sendable () throws -> Value) rethrows {
    let value = try newValue()
    storage.withLock { $0 = value }
  }
}
