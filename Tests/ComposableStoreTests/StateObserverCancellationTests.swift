import ComposableStore
import Foundation
import SensorsTestSupport
import Synchronization
import Testing

/// An observer of `states` cancelled while another thread sends actions. Cancelling runs the
/// stream's termination handler (which unregisters the observer under the store's lock) under
/// the runtime's lock on the observer's task; a sender that yielded the new state while holding
/// the store's lock needed that task lock to resume the observer: a deadlock. Each cancel runs
/// on its own thread with a deadline, so a deadlock fails the test instead of hanging it.
@Suite(.tags(.stress), .timeLimit(.minutes(1))) struct StateObserverCancellationTests {
  @Test func cancellingAnObserverWhileActionsPourInNeverBlocks() async throws {
    let store = Store(initialState: Counter.State()) { Counter() }
    let stop = Signal()
    let sender = Thread {
      while !stop.isRaised { store.send(.increment) }
    }
    sender.start()
    defer { stop.raise() }

    for iteration in 0..<200 {
      let seen = Signal()
      let observer = Task {
        for await state in store.states where state.count > 0 { seen.raise() }
      }
      try #require(await within(.seconds(5)) { seen.isRaised }, "iteration \(iteration)")
      let cancelled = Signal()
      Thread {
        observer.cancel()
        cancelled.raise()
      }.start()
      try #require(
        await within(.seconds(5)) { cancelled.isRaised },
        "iteration \(iteration): cancel() never returned (a deadlock)")
      await observer.value
    }
  }
}

/// A one-way flag shared between threads.
private final class Signal: Sendable {
  private let raised = Atomic(false)
  var isRaised: Bool { raised.load(ordering: .acquiring) }
  func raise() { raised.store(true, ordering: .releasing) }
}

/// Polls `condition` every millisecond for up to `timeout` of real time.
private func within(_ timeout: Duration, _ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + timeout
  while ContinuousClock.now < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return condition()
}
