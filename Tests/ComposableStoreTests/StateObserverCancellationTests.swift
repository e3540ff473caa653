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
    let stop = OneWayFlag()
    let sender = Thread {
      while !stop.isRaised { store.send(.increment) }
    }
    sender.start()
    defer { stop.raise() }

    for iteration in 0..<200 {
      let seen = OneWayFlag()
      let observer = Task {
        for await state in store.states where state.count > 0 { seen.raise() }
      }
      guard await waitUntil("iteration \(iteration) sees a state", { seen.isRaised })
      else { return }
      guard await cancelOnNewThread(observer, "iteration \(iteration)") else { return }
      await observer.value
    }
  }
}
