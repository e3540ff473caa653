import SensorsCore
import Synchronization

/// Which run of an update effect owns each manager id of one client, so the effect can use the
/// caller's id (``MotionClient/isDeviceMotionActive(id:)`` and ``MotionClient/deviceMotion(id:)``
/// find its manager, as in composable-core-motion) and still restart safely.
///
/// With `cancelInFlight`, a run is cancelled as the next one starts, and both use the same id:
/// the old run's teardown (stop, destroy) must not end the manager the new run has just set up.
/// So a run that starts while an earlier run of the id still runs takes the manager over, and
/// the earlier run's teardown leaves it alone; a run that starts while an earlier run is already
/// tearing down waits for that teardown to finish, then creates the manager afresh.
final class EffectRuns: Sendable {
  private enum Owner {
    case running(run: UInt64)
    case tearingDown(run: UInt64, waiters: [CheckedContinuation<Void, Never>])
  }

  private struct State {
    var owners: [AnyHashableSendable: Owner] = [:]
    var nextRun: UInt64 = 0
  }

  private let state = Mutex(State())

  /// Makes a new run the owner of `id` and returns its number; waits first while an earlier
  /// run of `id` is tearing down.
  func begin(_ id: AnyHashableSendable) async -> UInt64 {
    while true {
      let started = state.withLock { state -> UInt64? in
        if case .tearingDown = state.owners[id] { return nil }
        state.nextRun &+= 1
        state.owners[id] = .running(run: state.nextRun)
        return state.nextRun
      }
      if let started { return started }
      await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
        let waiting = state.withLock { state -> Bool in
          guard case .tearingDown(let run, let waiters) = state.owners[id] else { return false }
          state.owners[id] = .tearingDown(run: run, waiters: waiters + [waiter])
          return true
        }
        if !waiting { waiter.resume() }
      }
    }
  }

  /// Whether `run` still owns `id` and so must stop and destroy its manager; if so, later runs
  /// wait until ``endTeardown(_:run:)``.
  func beginTeardown(_ id: AnyHashableSendable, run: UInt64) -> Bool {
    state.withLock { state in
      guard case .running(run) = state.owners[id] else { return false }
      state.owners[id] = .tearingDown(run: run, waiters: [])
      return true
    }
  }

  /// `run` has stopped and destroyed the manager of `id`: runs waiting for it go on.
  func endTeardown(_ id: AnyHashableSendable, run: UInt64) {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      guard case .tearingDown(run, let waiters) = state.owners[id] else { return [] }
      state.owners[id] = nil
      return waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
