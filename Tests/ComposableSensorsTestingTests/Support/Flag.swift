import Synchronization

/// A value set once from another task, read by the test.
final class Flag: Sendable {
  private let storage = Mutex<Duration?>(nil)
  func set(_ value: Duration) { storage.withLock { $0 = value } }
  var value: Duration? { storage.withLock { $0 } }
}
