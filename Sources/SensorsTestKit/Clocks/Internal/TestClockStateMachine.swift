/// The state of a ``TestClock``: the time, and where each sleep stands.
///
/// Every method runs under the clock's lock and returns what the caller must resume; nothing
/// here resumes a continuation, so none is ever resumed with the lock held.
struct TestClockStateMachine {
  /// Where one call of `sleep(until:)` stands.
  enum Sleep {
    /// Has a token, has not suspended yet.
    case registering
    /// Cancelled before it suspended: it throws as soon as it tries to.
    case cancelledBeforeSuspending
    /// Suspended until `deadline`.
    case suspended(deadline: TestClock.Instant, continuation: CheckedContinuation<Void, any Error>)
    /// Resumed by an advance, which may wait (`acknowledge`) until the task runs again.
    case waking(acknowledge: CheckedContinuation<Void, Never>?)
    /// Resumed by its cancellation or at once; only its return is left.
    case ending
  }

  /// What `suspend` decided, for the clock to do after unlocking.
  enum AfterUnlock {
    /// The sleep waits for an advance (or its cancellation).
    case wait
    /// Resume at once: the deadline has passed, or the sleep was cancelled.
    case resume(Result<Void, any Error>)
  }

  /// One sleep woken by an advance, and the tests whose wait that satisfies.
  struct Wake {
    var token: UInt64
    var continuation: CheckedContinuation<Void, any Error>
    /// The serial executor the sleeping task runs on, if any: the advance drains it.
    var executor: SerialTestExecutor?
    var watchers: [CheckedContinuation<Bool, Never>] = []
  }

  /// A test waiting until the number of suspended sleeps meets its condition.
  struct Watcher {
    var condition: SleeperCondition
    var continuation: CheckedContinuation<Bool, Never>
  }

  /// What a test waits for in the number of suspended sleeps.
  enum SleeperCondition {
    case atLeast(Int)
    case atMost(Int)

    func holds(for count: Int) -> Bool {
      switch self {
      case .atLeast(let minimum): count >= minimum
      case .atMost(let maximum): count <= maximum
      }
    }
  }

  private(set) var now: TestClock.Instant
  /// Keyed by token; tokens grow, so they also give the order in which sleeps began.
  private(set) var sleeps: [UInt64: Sleep] = [:]
  /// The serial executor each sleep's task runs on, for those that run on one.
  private var sleepExecutors: [UInt64: SerialTestExecutor] = [:]
  /// Every serial executor a sleeper ran on, by identity: an advance drains them all, since the
  /// reaction to a wake may continue on another task's executor.
  private(set) var executors: [ObjectIdentifier: SerialTestExecutor] = [:]
  private var watchers: [UInt64: Watcher] = [:]
  /// Tokens of waits given up before they began.
  private var abandonedWatchers: Set<UInt64> = []
  private var nextToken: UInt64 = 0

  init(now: TestClock.Instant) {
    self.now = now
  }

  /// The suspended sleeps' deadlines, earliest first.
  var pendingDeadlines: [TestClock.Instant] {
    sleeps.values.compactMap { sleep in
      if case .suspended(let deadline, _) = sleep { return deadline }
      return nil
    }.sorted()
  }

  /// Whether any sleep is suspended or about to suspend.
  var hasPendingSleeps: Bool {
    sleeps.values.contains { sleep in
      switch sleep {
      case .registering, .suspended: true
      case .cancelledBeforeSuspending, .waking, .ending: false
      }
    }
  }

  mutating func makeToken() -> UInt64 {
    nextToken += 1
    return nextToken
  }

  /// A sleep begins, in a task running on `executor` if it runs on a serial test executor.
  mutating func beginSleep(on executor: SerialTestExecutor?) -> UInt64 {
    let token = makeToken()
    sleeps[token] = .registering
    if let executor {
      sleepExecutors[token] = executor
      executors[ObjectIdentifier(executor)] = executor
    }
    return token
  }

  /// The sleep `token` wants to wait until `deadline`. A deadline already passed ends it at
  /// once; a deadline equal to `now` waits for the next advance, as in swift-clocks.
  mutating func suspend(
    _ token: UInt64, until deadline: TestClock.Instant,
    _ continuation: CheckedContinuation<Void, any Error>
  ) -> AfterUnlock {
    switch sleeps[token] {
    case .registering:
      guard deadline >= now else {
        sleeps[token] = .ending
        return .resume(.success(()))
      }
      sleeps[token] = .suspended(deadline: deadline, continuation: continuation)
      return .wait
    case .cancelledBeforeSuspending, .suspended, .waking, .ending, nil:
      sleeps[token] = .ending
      return .resume(.failure(CancellationError()))
    }
  }

  /// The sleeping task was cancelled: returns the continuation to resume with an error, if the
  /// sleep is suspended. A sleep already woken by an advance returns normally.
  mutating func cancel(_ token: UInt64) -> CheckedContinuation<Void, any Error>? {
    switch sleeps[token] {
    case .registering:
      sleeps[token] = .cancelledBeforeSuspending
      return nil
    case .suspended(_, let continuation):
      sleeps[token] = .ending
      return continuation
    case .cancelledBeforeSuspending, .waking, .ending, nil:
      return nil
    }
  }

  /// The sleep `token` returned (or threw): forgets it, and returns the advance waiting for it.
  mutating func endSleep(_ token: UInt64) -> CheckedContinuation<Void, Never>? {
    sleepExecutors[token] = nil
    guard case .waking(let acknowledge) = sleeps.removeValue(forKey: token) else { return nil }
    return acknowledge
  }

  /// An advance waits until the woken sleep `token` runs again; returns `false` if it already
  /// has (then there is nothing to wait for).
  mutating func awaitRunning(_ token: UInt64, _ acknowledge: CheckedContinuation<Void, Never>)
    -> Bool
  {
    guard case .waking(nil) = sleeps[token] else { return false }
    sleeps[token] = .waking(acknowledge: acknowledge)
    return true
  }

  /// Wakes the sleep due first not after `limit` (of sleeps due at the same instant, the one that
  /// began first), moving `now` to its deadline; or, when none is due, moves `now` to `limit` and
  /// returns `nil`. One locked step: were "none due" and "time moves" two, a sleep suspending
  /// between them would miss its deadline.
  mutating func wakeNextOrMove(to limit: TestClock.Instant) -> Wake? {
    var next: (token: UInt64, deadline: TestClock.Instant)?
    for (token, sleep) in sleeps {
      guard case .suspended(let deadline, _) = sleep, deadline <= limit else { continue }
      if let current = next, (current.deadline, current.token) < (deadline, token) { continue }
      next = (token, deadline)
    }
    guard let next, case .suspended(_, let continuation) = sleeps[next.token] else {
      now = max(now, limit)
      return nil
    }
    now = max(now, next.deadline)
    sleeps[next.token] = .waking(acknowledge: nil)
    return Wake(
      token: next.token, continuation: continuation, executor: sleepExecutors[next.token],
      watchers: takeSatisfiedWatchers())
  }

  /// The number of suspended sleeps.
  var suspendedCount: Int {
    sleeps.values.count { if case .suspended = $0 { true } else { false } }
  }

  /// Registers a test waiting until the number of suspended sleeps meets `condition`. Returns
  /// `true` if it does already, `false` if the wait was abandoned before it began, `nil` to wait.
  mutating func addWatcher(
    _ token: UInt64, _ condition: SleeperCondition,
    _ continuation: CheckedContinuation<Bool, Never>
  ) -> Bool? {
    if abandonedWatchers.remove(token) != nil { return false }
    guard !condition.holds(for: suspendedCount) else { return true }
    watchers[token] = Watcher(condition: condition, continuation: continuation)
    return nil
  }

  /// A test gives up waiting: returns its continuation, or remembers the token if the wait has
  /// not begun yet (so it does not begin).
  mutating func removeWatcher(_ token: UInt64) -> CheckedContinuation<Bool, Never>? {
    guard let watcher = watchers.removeValue(forKey: token) else {
      abandonedWatchers.insert(token)
      return nil
    }
    return watcher.continuation
  }

  /// Removes and returns the watchers whose condition holds now. Every transition that changes
  /// the number of suspended sleeps (suspend, cancel, wake) calls it under the same lock.
  mutating func takeSatisfiedWatchers() -> [CheckedContinuation<Bool, Never>] {
    guard !watchers.isEmpty else { return [] }
    let suspended = suspendedCount
    let satisfied = watchers.filter { $0.value.condition.holds(for: suspended) }
    for token in satisfied.keys { watchers[token] = nil }
    return satisfied.values.map(\.continuation)
  }
}
