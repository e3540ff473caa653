import Synchronization

/// A running subscription to a store's state, such as ``Store/ifLet(then:else:)``'s: it stops
/// when cancelled or released (Combine's `AnyCancellable` in The Composable Architecture).
public final class StoreSubscription: Sendable {
  private let stop: Mutex<(@Sendable () -> Void)?>

  init(cancel: (@Sendable () -> Void)?) {
    self.stop = Mutex(cancel)
  }

  /// Stops the subscription: its closures are not called again. Calling it again does nothing.
  public func cancel() {
    let stop = self.stop.withLock { stop in
      defer { stop = nil }
      return stop
    }
    stop?()
  }

  deinit {
    cancel()
  }
}
