/// The state of a ``SerialTestExecutor``: how many jobs it holds and who waits for it to be idle.
///
/// Every method runs under the executor's lock and returns what to do after unlocking; nothing
/// here resumes a continuation, so none is resumed with the lock held.
struct SerialTestExecutorState {
  /// What the executor does after unlocking: the idle waiters to resume (none, most of the time).
  struct AfterUnlock {
    var idleWaiters: [CheckedContinuation<Void, Never>] = []

    /// Resumes the waiters.
    func perform() {
      for waiter in idleWaiters { waiter.resume() }
    }
  }

  /// Jobs enqueued and not yet finished (the one running included).
  private(set) var pendingJobs = 0
  /// The thread running a job right now, if any: a task asking from inside a job is not
  /// waiting for itself.
  private(set) var runningThread: UInt?
  private var idleWaiters: [CheckedContinuation<Void, Never>] = []

  /// A job was enqueued.
  mutating func enqueued() {
    pendingJobs += 1
  }

  /// A job starts on `thread`.
  mutating func starting(on thread: UInt) {
    runningThread = thread
  }

  /// Whether nothing but the job running on `thread` (the caller's own, if it runs here) is
  /// enqueued or running.
  func isIdle(apartFrom thread: UInt) -> Bool {
    pendingJobs == 0 || (pendingJobs == 1 && runningThread == thread)
  }

  /// A job finished: the waiters to resume if that left the executor idle.
  mutating func finished() -> AfterUnlock {
    pendingJobs -= 1
    runningThread = nil
    guard pendingJobs == 0 else { return AfterUnlock() }
    defer { idleWaiters = [] }
    return AfterUnlock(idleWaiters: idleWaiters)
  }

  /// Someone waits until the executor is idle: resumed at once if it is already.
  mutating func awaitIdle(_ waiter: CheckedContinuation<Void, Never>) -> AfterUnlock {
    guard pendingJobs > 0 else { return AfterUnlock(idleWaiters: [waiter]) }
    idleWaiters.append(waiter)
    return AfterUnlock()
  }
}
