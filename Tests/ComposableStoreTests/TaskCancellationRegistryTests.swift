import ComposableSensorsTesting
import Testing

@testable import ComposableStore

/// TCA's `TaskCancellationTests` (MIT licence, Point-Free, swift-composable-architecture,
/// Tests/ComposableArchitectureTests/TaskCancellationTests.swift), its two tests under their
/// upstream names: the cancellation registry forgets an operation once it is cancelled or ends
/// (`_cancellationCancellables.count` back to 0), so no id outlives its task. Upstream counts the
/// whole process-wide table and waits with `Task.megaYield` and real sleeps of a third of a
/// second; here each test counts its own id type (Swift Testing runs tests in parallel, so the
/// table holds other tests' ids) and waits on the signal that the operation started, sleeping on
/// a TestClock nobody advances, so it is deterministic.
@Suite struct TaskCancellationRegistryTests {
  private func registered(_ id: some Hashable & Sendable) -> Int {
    ProcessCancellations.shared.count(id: AnyHashableSendable(id))
  }

  /// A task sleeping under `withTaskCancellation(id:)` on a TestClock nobody advances (only
  /// cancellation ends it), returned once it started.
  private func sleeping(id: some Hashable & Sendable) async -> Task<Void, any Error> {
    let (started, signal) = AsyncStream.makeStream(of: Void.self)
    let clock = TestClock()
    let task = Task {
      try await withTaskCancellation(id: id) {
        signal.yield()
        try await clock.sleep(for: .seconds(1_000))
      }
    }
    for await _ in started { break }
    return task
  }

  @Test func testCancellation() async {
    enum CancelID { case task }
    let task = await sleeping(id: CancelID.task)
    #expect(registered(CancelID.task) == 1)
    Task.cancel(id: CancelID.task)
    #expect(registered(CancelID.task) == 0)
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(registered(CancelID.task) == 0)
  }

  @Test func testWithTaskCancellationCleansUpTask() async {
    enum CancelID { case task }
    let task = await sleeping(id: CancelID.task)
    #expect(registered(CancelID.task) == 1)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(registered(CancelID.task) == 0, "the operation ended, so its id is forgotten")
  }

  @Test func anOperationThatFinishesLeavesNothingBehind() async throws {
    enum CancelID { case task }
    let value = try await withTaskCancellation(id: CancelID.task, cancelInFlight: true) { 42 }
    #expect(value == 42)
    #expect(registered(CancelID.task) == 0)
  }
}
