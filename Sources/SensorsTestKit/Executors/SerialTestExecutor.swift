import Dispatch
import SensorsCore
import Synchronization

/// An executor that runs the tasks of a test one job at a time, in the order they were enqueued,
/// and knows when it has nothing left to run: TCA's `withMainSerialExecutor`, for Linux.
///
/// A `TestStore` uses one by default (its `useSerialExecutor`): its effects, the tasks
/// they start through the package (a replay's reader, a client's timers) and the actions they
/// send all run here, so their order never depends on the thread pool. A ``TestClock`` drains
/// the serial executors of its sleepers after each wake, so when an advance returns, everything
/// it woke has run until it waits again on something the test controls.
///
/// ```swift
/// @Test func twoTimers() async {
///   await withSerialExecutor {
///     // Tasks started here through the package, and structured child tasks, run serially.
///   }
/// }
/// ```
///
/// A task started with a bare `Task {}` inside an effect does not inherit it (Swift passes an
/// executor preference to structured child tasks only); `async let`, task groups and the tasks the
/// package starts do.
public final class SerialTestExecutor: TaskExecutor, Sendable {
  private let queue: DispatchQueue
  private let state = Mutex(SerialTestExecutorState())

  /// Creates an executor with a serial queue of its own.
  public init() {
    self.queue = DispatchQueue(label: "composable-sensors.serial-test-executor")
  }

  /// Runs `job` after every job enqueued before it, and alone.
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    state.withLock { $0.enqueued() }
    queue.async { [self] in
      state.withLock { $0.starting(on: currentThreadID()) }
      job.runSynchronously(on: asUnownedTaskExecutor())
      let afterUnlock = state.withLock { $0.finished() }
      afterUnlock.perform()
    }
  }

  /// Whether no job is enqueued or running right now.
  public var isIdle: Bool { state.withLock { $0.pendingJobs == 0 } }

  /// Whether nothing is enqueued or running here but the caller's own job.
  private var isIdleApartFromCaller: Bool {
    let thread = currentThreadID()
    return state.withLock { $0.isIdle(apartFrom: thread) }
  }

  /// Returns once no job is enqueued or running: every task on this executor has suspended on
  /// something outside it (a clock, a stream the test feeds, another thread) or ended.
  ///
  /// Called from a task on this executor, that task's own job ends when it suspends here, so the
  /// wait ends once every other job has run.
  public func waitUntilIdle() async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let afterUnlock = state.withLock { $0.awaitIdle(waiter) }
      afterUnlock.perform()
    }
  }

  /// The serial test executor the current task's package-started tasks prefer, if any.
  public static var current: SerialTestExecutor? {
    InheritedExecutor.preferred as? SerialTestExecutor
  }

  /// Drains `executors` until none runs anything more: each in turn until idle, again until a
  /// whole round finds every one idle already (work on one may wake another). A caller running
  /// on one of them does not wait for itself.
  package static func drain(_ executors: [SerialTestExecutor]) async {
    var busy = executors.filter { !$0.isIdleApartFromCaller }
    while !busy.isEmpty {
      for executor in busy { await executor.waitUntilIdle() }
      busy = executors.filter { !$0.isIdleApartFromCaller }
    }
  }
}

/// Runs `operation` with every task the package starts inside it (effects, replays, scripted
/// timers), and every structured child task, on one ``SerialTestExecutor``: TCA's
/// `withMainSerialExecutor`, for Linux.
///
/// ```swift
/// @Test func automaticCancellation() async {
///   await withSerialExecutor {
///     let store = TestStore(initialState: Feature.State()) { Feature(clock: clock) }
///     // …
///   }
/// }
/// ```
///
/// A `TestStore` created inside uses the same executor. Without this, each `TestStore` makes
/// its own (see its `useSerialExecutor`).
public func withSerialExecutor<Result>(
  _ executor: SerialTestExecutor = SerialTestExecutor(),
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> Result
) async rethrows -> Result {
  try await InheritedExecutor.$preferred.withValue(executor) {
    try await withTaskExecutorPreference(executor, isolation: isolation) {
      try await operation()
    }
  }
}
