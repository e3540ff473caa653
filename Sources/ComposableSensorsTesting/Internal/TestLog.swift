import Synchronization

/// What the reducer under test did, written by the store's thread and read by the `TestStore`:
/// the state right after each sent action, and every action effects fed back, with the state
/// right after it.
final class TestLog<State: Sendable, Action: Sendable>: Sendable {
  struct Received {
    let action: Action
    let state: State
    /// The version of the `@Shared` changes as the state was recorded.
    let sharedVersion: UInt64
  }

  private struct Contents {
    var sentState: (state: State, sharedVersion: UInt64)?
    var received: [Received] = []
    var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    var nextWaiter: UInt64 = 0
  }

  private let contents = Mutex(Contents())

  func recordSent(_ state: State, sharedVersion: UInt64) {
    contents.withLock { $0.sentState = (state, sharedVersion) }
  }

  func recordReceived(_ action: Action, _ state: State, sharedVersion: UInt64) {
    let waiters = contents.withLock { contents in
      contents.received.append(
        Received(action: action, state: state, sharedVersion: sharedVersion))
      defer { contents.waiters = [:] }
      return contents.waiters.values
    }
    for waiter in waiters { waiter.resume() }
  }

  func takeSentState() -> (state: State, sharedVersion: UInt64)? {
    contents.withLock { contents in
      defer { contents.sentState = nil }
      return contents.sentState
    }
  }

  var received: [Received] { contents.withLock(\.received) }

  func removeReceived(first count: Int) {
    contents.withLock { $0.received.removeFirst(Swift.min(count, $0.received.count)) }
  }

  /// Waits until more than `known` actions were received, or `timeout` passes on `clock`.
  /// Returns whether new actions arrived.
  func waitForReceived(
    beyond known: Int, timeout: Duration, clock: any Clock<Duration>
  ) async -> Bool {
    let token = contents.withLock { contents in
      contents.nextWaiter += 1
      return contents.nextWaiter
    }
    let timer = Task { [weak self] in
      try? await clock.sleep(for: timeout)
      self?.wake(token)
    }
    defer { timer.cancel() }
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let ready = contents.withLock { contents in
        guard contents.received.count <= known else { return true }
        contents.waiters[token] = waiter
        return false
      }
      if ready { waiter.resume() }
    }
    return contents.withLock(\.received.count) > known
  }

  private func wake(_ token: UInt64) {
    contents.withLock { $0.waiters.removeValue(forKey: token) }?.resume()
  }
}
