import Synchronization
import Testing

/// A clock that moves only when a test advances it, so hour-long backoffs, staleness timeouts and
/// polling intervals run in microseconds. Sleepers honour task cancellation.
///
/// LinuxIIOTests and GPSDIntegrationTests do not link the testing product (its
/// `ComposableSensorsTesting.TestClock`), so they share this small clock: the GPSDIntegrationTests
/// copy is a symbolic link to this file.
final class ManualClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var nextID = 0
    var sleepers: [Int: Sleeper] = [:]
  }

  private let state = Mutex(State())

  var now: Instant { state.withLock { $0.now } }
  var minimumResolution: Duration { .zero }

  /// How many tasks are asleep on this clock.
  var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let resumeNow: Result<Void, any Error>? = state.withLock { state in
          if Task.isCancelled { return .failure(CancellationError()) }
          if deadline <= state.now { return .success(()) }
          state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
          return nil
        }
        if let resumeNow { continuation.resume(with: resumeNow) }
      }
    } onCancel: {
      let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward and wakes every sleeper whose deadline is now past.
  func advance(by duration: Duration) {
    let due = state.withLock { state -> [Sleeper] in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      let due = state.sleepers.filter { $0.value.deadline <= now }
      for key in due.keys { state.sleepers.removeValue(forKey: key) }
      return Array(due.values)
    }
    for sleeper in due { sleeper.continuation.resume() }
  }

  /// Waits (wall clock, at most `timeout`: a safety net on a loaded machine, not a timing check)
  /// until `predicate` holds for the number of sleepers; records a failure naming the count if it
  /// never does, so a wrong expectation fails instead of hanging the test.
  func waitForSleepers(
    where predicate: (Int) -> Bool,
    _ expectation: String,
    timeout: Duration = .seconds(30),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let start = ContinuousClock.now
    while !predicate(sleeperCount) {
      guard ContinuousClock.now - start < timeout else {
        Issue.record(
          "ManualClock: waited \(timeout) for \(expectation); \(sleeperCount) task(s) sleep on it.",
          sourceLocation: sourceLocation)
        return
      }
      try? await Task.sleep(for: .milliseconds(1))
    }
  }

  /// Waits until at least `count` tasks sleep on this clock (see ``waitForSleepers(where:_:timeout:sourceLocation:)``).
  func waitForSleepers(_ count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) async {
    await waitForSleepers(
      where: { $0 >= count }, "\(count) sleeper(s)", sourceLocation: sourceLocation)
  }
}
