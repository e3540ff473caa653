import Synchronization

/// Resumes one continuation with the first of several results; later results are ignored.
final class Race: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Bool, Never>?
    var result: Bool?
    var cleanup: [@Sendable () -> Void] = []
  }

  private let state = Mutex(State())

  func start(_ continuation: CheckedContinuation<Bool, Never>) {
    state.withLock { $0.continuation = continuation }
  }

  /// Runs `cleanup` once the race has a result (at once if it already has one).
  func onFinish(_ cleanup: @escaping @Sendable () -> Void) {
    let finished = state.withLock { state in
      if state.result == nil { state.cleanup.append(cleanup) }
      return state.result != nil
    }
    if finished { cleanup() }
  }

  func finish(_ result: Bool) {
    let (continuation, cleanup) = state.withLock {
      state -> (CheckedContinuation<Bool, Never>?, [@Sendable () -> Void]) in
      guard state.result == nil else { return (nil, []) }
      state.result = result
      defer {
        state.continuation = nil
        state.cleanup = []
      }
      return (state.continuation, state.cleanup)
    }
    continuation?.resume(returning: result)
    for action in cleanup { action() }
  }
}
