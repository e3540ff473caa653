/// The state of a ``SerialTestExecutor``: how many jobs it holds and who waits for it to be idle.
///
/// Every method runs under the executor's lock and returns the waiters to resume; nothing here
/// resumes a continuation, so none is resumed with the lock held.
struct SerialTestExecutorState {
  /// Jobs enqueued and not yet finished (the one running included).
  private(set) var pendingJobs = 0
  /// Jobs finished since the executor was made: a drain compares it before and after to learn
  /// whether anything ran meanwhile.
  private(set) var finishedJobs: UInt64 = 0
  private var idleWaiters: [CheckedContinuation<Void, Never>] = []

  /// A job was enqueued.
  mutating func enqueued() {
    pendingJobs += 1
  }

  /// A job finished: returns the waiters to resume if that left the executor idle.
  mutating func finished() -> [CheckedContinuation<Void, Never>] {
    pendingJobs -= 1
    finishedJobs &+= 1
    guard pendingJobs == 0 else { return [] }
    defer { idleWaiters = [] }
    return idleWaiters
  }

  /// Someone waits until the executor is idle: returns `false` if it is already (resume at once).
  mutating func awaitIdle(_ waiter: CheckedContinuation<Void, Never>) -> Bool {
    guard pendingJobs > 0 else { return false }
    idleWaiters.append(waiter)
    return true
  }
}
