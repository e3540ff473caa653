import Synchronization

/// The endpoints a test client was called with, in order: `["create", "start", …]`.
final class CallLog: Sendable {
  private let calls = Mutex<[String]>([])

  func record(_ name: String) {
    calls.withLock { $0.append(name) }
  }

  var names: [String] { calls.withLock { $0 } }
}
