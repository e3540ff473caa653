import Synchronization

/// Resumes one continuation with the first of several results; later results are ignored.
final class Race: Sendable {
  private enum State {
    /// No result yet: the continuation once `start` gave it, and what to run at the result.
    case running(CheckedContinuation<Bool, Never>?, cleanup: [@Sendable () -> Void])
    /// The first result arrived.
    case finished(Bool)
  }

  private let state = Mutex(State.running(nil, cleanup: []))

  /// Hands over the continuation to resume; at once if a result has already arrived.
  func start(_ continuation: CheckedContinuation<Bool, Never>) {
    let result = state.withLock { state -> Bool? in
      switch state {
      case .running(_, let cleanup):
        state = .running(continuation, cleanup: cleanup)
        return nil
      case .finished(let result):
        return result
      }
    }
    if let result { continuation.resume(returning: result) }
  }

  /// Runs `cleanup` once the race has a result (at once if it already has one).
  func onFinish(_ cleanup: @escaping @Sendable () -> Void) {
    let finished = state.withLock { state in
      switch state {
      case .running(let continuation, let others):
        state = .running(continuation, cleanup: others + [cleanup])
        return false
      case .finished:
        return true
      }
    }
    if finished { cleanup() }
  }

  /// Ends the race with `result` unless it has ended already.
  func finish(_ result: Bool) {
    let (continuation, cleanup) = state.withLock {
      state -> (CheckedContinuation<Bool, Never>?, [@Sendable () -> Void]) in
      guard case .running(let continuation, let cleanup) = state else { return (nil, []) }
      state = .finished(result)
      return (continuation, cleanup)
    }
    continuation?.resume(returning: result)
    for action in cleanup { action() }
  }
}
