import Synchronization

/// A value set once from another task, read by the test.
final class Flag: Sendable {
  private let storage = Mutex<Duration?>(nil)
  func set(_ value: Duration) { storage.withLock { $0 = value } }
  var value: Duration? { storage.withLock { $0 } }
}

/// Which sleeper woke at what clock time, in wake order.
final class Wakes: Sendable {
  private let storage = Mutex<[(Int, Duration)]>([])
  func record(_ id: Int, at time: Duration) { storage.withLock { $0.append((id, time)) } }
  var all: [(Int, Duration)] { storage.withLock { $0 } }
}
