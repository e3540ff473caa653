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
/// A sleep resumes exactly when ``advance(by:)`` or ``advance(to:fileID:filePath:line:column:)`` moves ``now`` to or past its
/// deadline, in deadline order, and ``now`` equals that deadline while the sleeper wakes.
/// Cancelling a sleeping task makes its sleep throw `CancellationError` at once.
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

  private let state: Mutex<TestClockState>
  private let yieldsPerStep: Int

  /// Creates a clock at `now`.
  ///
  /// - Parameters:
  ///   - now: The starting time.
  ///   - yieldsPerStep: How many times ``advance(by:)`` yields after waking a sleeper, so
  ///     the woken task can run and schedule its next sleep before time moves on.
  public init(now: Instant = Instant(), yieldsPerStep: Int = 20) {
    self.state = Mutex(TestClockState(now: now))
    self.yieldsPerStep = yieldsPerStep
  }

  /// The current time; it changes only when the test advances the clock.
  public var now: Instant { state.withLock(\.now) }

  /// The smallest step this clock distinguishes: any.
  public var minimumResolution: Duration { .zero }

  /// The number of tasks sleeping on this clock right now.
  public var sleeperCount: Int { state.withLock(\.sleepers.count) }

  /// The deadlines of the tasks sleeping on this clock, earliest first.
  public var pendingDeadlines: [Instant] {
    state.withLock { $0.sleepers.values.map(\.deadline).sorted() }
  }

  /// Suspends until ``now`` reaches `deadline`, or throws `CancellationError` if the task is
  /// cancelled first. Returns at once if `deadline` is not in the future.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let token = state.withLock { $0.makeToken() }
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation {
        (continuation: UnsafeContinuation<Void, any Error>) in
        let (resumeNow, watchers) = state.withLock { state in
          let resumeNow = state.addSleeper(token, deadline: deadline, continuation: continuation)
          return (resumeNow, state.takeSatisfiedWatchers())
        }
        for watcher in watchers { watcher.resume(returning: true) }
        if let resumeNow { continuation.resume(with: resumeNow) }
      }
    } onCancel: {
      let continuation = state.withLock { $0.removeSleeper(token, cancelled: true) }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Waits until at least `count` tasks sleep on this clock, so a test advances time only once
  /// the code under test is really waiting on it.
  ///
  /// Gives up after `timeout` on `timeoutClock` (real time by default: a safety net, not part of
  /// the script), reporting how many sleepers there were, so a wrong count fails instead of
  /// hanging the test. Returns whether the count was reached.
  @discardableResult
  public func waitForSleepers(
    _ count: Int = 1,
    timeout: Duration = .seconds(5),
    timeoutClock: any Clock<Duration> = ContinuousClock(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> Bool {
    let token = state.withLock { $0.makeToken() }
    let timer = Task { [weak self] in
      try await timeoutClock.sleep(for: timeout)
      self?.state.withLock { $0.removeWatcher(token) }?.resume(returning: false)
    }
    let reached = await withCheckedContinuation { (watcher: CheckedContinuation<Bool, Never>) in
      let ready = state.withLock { $0.addWatcher(token, count: count, watcher) }
      if ready { watcher.resume(returning: true) }
    }
    timer.cancel()
    if !reached {
      reportIssue(
        """
        TestClock.waitForSleepers(\(count)) timed out after \(timeout): \(sleeperCount) \
        \(sleeperCount == 1 ? "task sleeps" : "tasks sleep") on the clock.

        Check that the code under test sleeps on this clock (not on another clock or Task.sleep).
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return reached
  }

  /// Moves time forward by `duration`, waking every sleeper whose deadline it passes.
  public func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `deadline`, waking sleepers one deadline at a time, in order, and
  /// yielding after each so the woken tasks can react (and sleep again) before time moves on.
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
    await yieldToOthers()
    while let woken = state.withLock({ $0.wakeEarliest(notAfter: deadline) }) {
      for continuation in woken { continuation.resume() }
      await yieldToOthers()
    }
    state.withLock { $0.now = max($0.now, deadline) }
    await yieldToOthers()
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
    await yieldToOthers()
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

  private func yieldToOthers() async {
    for _ in 0..<yieldsPerStep { await Task.yield() }
  }
}

/// The clock's mutable state: the time and who sleeps until when.
struct TestClockState {
  struct Sleeper {
    let deadline: TestClock.Instant
    let order: UInt64
    let continuation: UnsafeContinuation<Void, any Error>
  }

  var now: TestClock.Instant
  var sleepers: [UInt64: Sleeper] = [:]
  /// Sleeps cancelled before they registered: they must not register afterwards.
  var cancelledTokens: Set<UInt64> = []
  /// Tokens handed to sleeps that have not registered yet.
  var unregistered: Set<UInt64> = []
  /// Tests waiting for a number of sleepers.
  var watchers: [UInt64: (count: Int, continuation: CheckedContinuation<Bool, Never>)] = [:]
  private var nextToken: UInt64 = 0

  init(now: TestClock.Instant) {
    self.now = now
  }

  mutating func makeToken() -> UInt64 {
    nextToken += 1
    unregistered.insert(nextToken)
    return nextToken
  }

  /// Registers a watcher for `count` sleepers; returns `true` if there are that many already.
  mutating func addWatcher(
    _ token: UInt64, count: Int, _ continuation: CheckedContinuation<Bool, Never>
  ) -> Bool {
    unregistered.remove(token)
    guard sleepers.count < count else { return true }
    watchers[token] = (count, continuation)
    return false
  }

  mutating func removeWatcher(_ token: UInt64) -> CheckedContinuation<Bool, Never>? {
    watchers.removeValue(forKey: token)?.continuation
  }

  /// Removes and returns the watchers whose count of sleepers is reached.
  mutating func takeSatisfiedWatchers() -> [CheckedContinuation<Bool, Never>] {
    let satisfied = watchers.filter { $0.value.count <= sleepers.count }
    for token in satisfied.keys { watchers[token] = nil }
    return satisfied.values.map(\.continuation)
  }

  /// Registers a sleeper, or says how to resume it at once (deadline reached or cancelled).
  mutating func addSleeper(
    _ token: UInt64, deadline: TestClock.Instant, continuation: UnsafeContinuation<Void, any Error>
  ) -> Result<Void, any Error>? {
    unregistered.remove(token)
    if cancelledTokens.remove(token) != nil { return .failure(CancellationError()) }
    if deadline <= now { return .success(()) }
    sleepers[token] = Sleeper(deadline: deadline, order: token, continuation: continuation)
    return nil
  }

  /// Removes a sleeper; remembers a cancellation that arrives before the sleeper registered.
  mutating func removeSleeper(_ token: UInt64, cancelled: Bool) -> UnsafeContinuation<
    Void, any Error
  >? {
    guard let sleeper = sleepers.removeValue(forKey: token) else {
      // Only a sleep that has not registered yet needs remembering; one that already woke is done.
      if cancelled, unregistered.contains(token) { cancelledTokens.insert(token) }
      return nil
    }
    return sleeper.continuation
  }

  /// Moves `now` to the earliest deadline not after `limit` and removes every sleeper due then.
  mutating func wakeEarliest(notAfter limit: TestClock.Instant) -> [UnsafeContinuation<
    Void, any Error
  >]? {
    guard let earliest = sleepers.values.map(\.deadline).min(), earliest <= limit else {
      return nil
    }
    now = max(now, earliest)
    let due = sleepers.values.filter { $0.deadline == earliest }.sorted { $0.order < $1.order }
    for sleeper in due { sleepers[sleeper.order] = nil }
    return due.map(\.continuation)
  }
}
