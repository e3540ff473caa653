import Synchronization

/// Collects values from other tasks for a test to read.
final class Recorder<Value: Sendable>: Sendable {
  private let values = Mutex<[Value]>([])
  func record(_ value: Value) { values.withLock { $0.append(value) } }
  var all: [Value] { values.withLock { $0 } }
}

/// Opens once; tasks can wait for it with a time limit (so a bug fails instead of hanging).
final class Latch: Sendable {
  private struct State {
    var open = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }
  private let state = Mutex(State())

  func open() {
    let waiters = state.withLock { state in
      state.open = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  var isOpen: Bool { state.withLock(\.open) }

  /// Returns whether the latch opened within `limit` of real time.
  func wait(upTo limit: Duration = .seconds(5)) async -> Bool {
    let timer = Task { [weak self] in
      try await Task.sleep(for: limit)
      self?.timeOut()
    }
    defer { timer.cancel() }
    await withCheckedContinuation { waiter in
      let ready = state.withLock { state in
        if state.open { return true }
        state.waiters.append(waiter)
        return false
      }
      if ready { waiter.resume() }
    }
    return isOpen
  }

  private func timeOut() {
    let waiters = state.withLock { state in
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
