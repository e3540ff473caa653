import Synchronization

/// How many signals one subscription has dropped: counted by the connection as it feeds the
/// subscription's buffer, read by the subscription's iterator to report them in order.
final class SignalLosses: Sendable {
  private let count = Mutex(0)

  /// Every signal dropped so far.
  var total: Int { count.withLock { $0 } }

  func add(_ amount: Int) {
    count.withLock { $0 += amount }
  }
}
