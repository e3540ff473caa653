import Synchronization

/// A clock whose time moves only when a test says so, so code that sleeps, debounces or times
/// out runs deterministically and instantly.
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(initialState: Search.State()) { Search(clock: clock) }
/// await store.send(.queryChanged("gps")) { $0.query = "gps" }
/// await clock.advance(by: .milliseconds(300))   // the debounce sleep ends now
/// await store.receive(.search("gps"))
/// ```
///
/// The semantics are swift-clocks' `TestClock`, which TCA users know:
///
/// - A sleep resumes when ``advance(by:)`` or ``advance(to:fileID:filePath:line:column:)``
///   moves ``now`` to or past its deadline, and ``now`` equals that deadline while it wakes.
/// - A deadline equal to ``now`` (`sleep(for: .zero)`) suspends until the next advance, even
///   `advance(by: .zero)`; only a deadline already passed returns at once.
/// - An advance wakes sleepers one at a time, earliest deadline first; sleepers due at the same
///   instant wake in the order their sleeps began. After each wake it lets the woken task run
///   until it waits again, so a woken task that sleeps again before the advance's end is woken
///   at its new deadline before any later one: one big step wakes the same sleeps, in the same
///   order, as many small ones.
/// - "Until it waits again" is exact for tasks on a ``SerialTestExecutor`` (a `TestStore`'s
///   effects, and the replays and timers they start): the advance drains those executors, so
///   when it returns, replayed samples have been delivered and reduced, and the effects those
///   actions started have started, and slept on the clock if they sleep. A sleeper on the global
///   pool gets ``init(now:yieldsPerStep:)``'s yields instead, the best that pool allows.
/// - Cancelling a sleeping task makes its sleep throw `CancellationError` at once.
public final class TestClock: Clock, Sendable {
  /// A point in the test clock's time: the offset from its start.
  public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    /// The time elapsed since the clock's start.
    public let offset: Duration

    /// Creates the instant `offset` after the clock's start.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
    /// The time from this instant to `other`.
    public func duration(to other: Self) -> Duration { other.offset - offset }
    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
    /// The offset, e.g. "TestClock.Instant(1.5 seconds)".
    public var description: String { "TestClock.Instant(\(offset))" }
  }

  private let state: Mutex<TestClockStateMachine>
  private let yieldsPerStep: Int

  /// Creates a clock at `now`.
  ///
  /// - Parameters:
  ///   - now: The starting time.
  ///   - yieldsPerStep: How many times an advance yields after a woken task on the global pool
  ///     runs again, so it can finish its reaction (and sleep again) before time moves on. Tasks
  ///     on a ``SerialTestExecutor`` need none: the advance drains their executor.
  public init(now: Instant = Instant(), yieldsPerStep: Int = 20) {
    self.state = Mutex(TestClockStateMachine(now: now))
    self.yieldsPerStep = yieldsPerStep
  }

  /// The current time; it changes only when the test advances the clock.
  public var now: Instant { state.withLock(\.now) }

  /// The smallest step this clock distinguishes: any.
  public var minimumResolution: Duration { .zero }

  /// The number of tasks sleeping on this clock right now.
  public var sleeperCount: Int { state.withLock(\.suspendedCount) }

  /// The deadlines of the tasks sleeping on this clock, earliest first.
  public var pendingDeadlines: [Instant] { state.withLock(\.pendingDeadlines) }

  /// Suspends until an advance moves ``now`` to or past `deadline`, or throws
  /// `CancellationError` if the task is cancelled first. Returns at once only if `deadline`
  /// has already passed; a deadline equal to ``now`` waits for the next advance.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let token = state.withLock { $0.beginSleep(on: SerialTestExecutor.current) }
    defer { state.withLock { $0.endSleep(token) }?.resume() }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let (afterUnlock, watchers) = state.withLock { state in
          (state.suspend(token, until: deadline, continuation), state.takeSatisfiedWatchers())
        }
        for watcher in watchers { watcher.resume(returning: true) }
        if case .resume(let result) = afterUnlock { continuation.resume(with: result) }
      }
    } onCancel: {
      let (sleep, watchers) = state.withLock { ($0.cancel(token), $0.takeSatisfiedWatchers()) }
      sleep?.resume(throwing: CancellationError())
      for watcher in watchers { watcher.resume(returning: true) }
    }
  }

  /// Waits until at least `count` tasks sleep on this clock, so a test advances time only once
  /// the code under test is really waiting on it.
  ///
  /// Gives up after `timeout` on `timeoutClock` (real time by default: a safety net, not part of
  /// the script), reporting how many sleepers there were, so a wrong count fails instead of
  /// hanging the test. Returns whether the count was reached. The wait ends as soon as the count
  /// is reached, so the 30 s default costs nothing when the test is right; it is that long so a
  /// machine running ten threads per core never trips it.
  @discardableResult
  public func waitForSleepers(
    _ count: Int = 1,
    timeout: Duration = .seconds(30),
    timeoutClock: any Clock<Duration> = ContinuousClock(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> Bool {
    await waitForSleepers(
      .atLeast(count), described: "waitForSleepers(\(count))", timeout: timeout,
      timeoutClock: timeoutClock, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Waits until at most `count` tasks sleep on this clock: `waitForSleepers(atMost: 0)` returns
  /// once cancelled or finished code has stopped sleeping (a cancelled poller, a closed
  /// connection), with the same safety-net timeout and report as ``waitForSleepers(_:timeout:timeoutClock:fileID:filePath:line:column:)``.
  @discardableResult
  public func waitForSleepers(
    atMost count: Int,
    timeout: Duration = .seconds(30),
    timeoutClock: any Clock<Duration> = ContinuousClock(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> Bool {
    await waitForSleepers(
      .atMost(count), described: "waitForSleepers(atMost: \(count))", timeout: timeout,
      timeoutClock: timeoutClock, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  private func waitForSleepers(
    _ condition: TestClockStateMachine.SleeperCondition,
    described call: String,
    timeout: Duration,
    timeoutClock: any Clock<Duration>,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) async -> Bool {
    let token = state.withLock { $0.makeToken() }
    let timer = Task { [weak self] in
      try await timeoutClock.sleep(for: timeout)
      self?.state.withLock { $0.removeWatcher(token) }?.resume(returning: false)
    }
    let reached = await withCheckedContinuation { (watcher: CheckedContinuation<Bool, Never>) in
      let outcome = state.withLock { $0.addWatcher(token, condition, watcher) }
      if let outcome { watcher.resume(returning: outcome) }
    }
    timer.cancel()
    if !reached {
      let sleepers = sleeperCount
      reportIssue(
        """
        TestClock.\(call) timed out after \(timeout): \(sleepers) \
        \(sleepers == 1 ? "task sleeps" : "tasks sleep") on the clock.

        Check that the code under test sleeps on this clock (not on another clock or Task.sleep).
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return reached
  }

  /// Throws ``SuspensionError`` if, after letting other tasks run, some task still sleeps on
  /// this clock: swift-clocks' `checkSuspension()`, for the end of a test that must leave no
  /// timer behind.
  public func checkSuspension() async throws {
    await settle(after: nil)
    let pending = state.withLock { $0.hasPendingSleeps ? $0.pendingDeadlines : nil }
    if let pending { throw SuspensionError(deadlines: pending) }
  }

  /// Moves time forward by `duration`, waking every sleeper whose deadline it reaches;
  /// `advance()` wakes the sleeps whose deadline is ``now``.
  public func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `deadline`, waking sleepers one at a time, in deadline order (ties in
  /// the order their sleeps began). After each wake it waits until the woken task runs again and
  /// everything on the serial test executors has run until it waits, so what the wake set off
  /// (and the sleeps it began) happens before time moves past its instant.
  ///
  /// Moving backwards is a test bug: it is reported and time stays where it is.
  public func advance(
    to deadline: Instant,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let current = now
    guard deadline >= current else {
      reportIssue(
        "TestClock cannot move backwards: it is at \(current.offset), asked for \(deadline.offset).",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    await settle(after: nil)
    while let wake = state.withLock({ $0.wakeNextOrMove(to: deadline) }) {
      wake.continuation.resume()
      for watcher in wake.watchers { watcher.resume(returning: true) }
      await waitUntilRunning(wake.token)
      await settle(after: wake)
    }
  }

  /// Advances time until no task sleeps on the clock any more, up to `limit` from now (so a timer
  /// that re-arms itself forever cannot hang the test; reaching the limit is reported).
  public func run(
    limit: Duration = .seconds(86_400),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let end = now.advanced(by: limit)
    await settle(after: nil)
    while let next = pendingDeadlines.first {
      guard next <= end else {
        reportIssue(
          "TestClock.run() stopped at its limit of \(limit): tasks still sleep until \(next.offset).",
          fileID: fileID, filePath: filePath, line: line, column: column)
        await advance(to: end)
        return
      }
      await advance(to: next)
    }
  }

  /// Suspends until the woken sleep `token` has returned into its task.
  private func waitUntilRunning(_ token: UInt64) async {
    await withCheckedContinuation { (acknowledge: CheckedContinuation<Void, Never>) in
      let waits = state.withLock { $0.awaitRunning(token, acknowledge) }
      if !waits { acknowledge.resume() }
    }
  }

  /// Lets what a wake set off run until it waits again on something the test controls.
  ///
  /// Tasks on serial test executors (a `TestStore`'s effects, and the replays and timers they
  /// start) are drained: the advance goes on once none of those executors has anything left to
  /// run, however long the chain of work a wake started. A sleeper on the global pool gets
  /// ``yieldsPerStep`` yields instead, the best that pool allows.
  private func settle(after wake: TestClockStateMachine.Wake?) async {
    if wake?.executor == nil { await yieldToOthers() }
    await SerialTestExecutor.drain(Array(state.withLock(\.executors).values))
  }

  private func yieldToOthers() async {
    for _ in 0..<yieldsPerStep { await Task.yield() }
  }
}

extension TestClock {
  /// Thrown by ``TestClock/checkSuspension()`` when tasks still sleep on the clock.
  public struct SuspensionError: Error, CustomStringConvertible {
    /// The deadlines of the sleeps still pending, earliest first.
    public let deadlines: [Instant]

    /// Says how many sleeps are pending and until when.
    public var description: String {
      let list = deadlines.map { "\($0.offset)" }.joined(separator: ", ")
      return "\(deadlines.count) sleep(s) still pending on the TestClock, until: \(list)"
    }
  }
}
