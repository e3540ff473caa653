import SensorsCore
import Synchronization

/// iiod announces no hot-plug, so while at least one manager exists (from the first `create` to
/// the last `destroy`, as ``LiveHotPlug`` watches local devices) this looks at the board again
/// every `interval` on the client's clock, through a short connection of its own: devices that
/// came or went since the previous look are reported as
/// ``MotionLiveEvent/deviceConnected(_:sensors:)`` and
/// ``MotionLiveEvent/deviceDisconnected(_:sensors:)`` (``RemoteDiscovery/look(using:)``), even
/// while no reader reconnects. A look that fails changes nothing (the readers report the link);
/// the next one tries again.
///
/// One state under one lock; the looking task is started and awaited outside it.
final class RemoteHotPlug: Sendable {
  private enum State {
    case idle
    case watching(owners: Set<AnyHashableSendable>, task: Task<Void, Never>)
  }

  private let state = Mutex(State.idle)
  let discovery: RemoteDiscovery
  let clock: any Clock<Duration>
  /// The pause between looks; nil looks only when a manager is created and a reader connects.
  let interval: Duration?

  init(discovery: RemoteDiscovery, clock: any Clock<Duration>, interval: Duration?) {
    self.discovery = discovery
    self.clock = clock
    self.interval = interval
  }

  /// `owner` exists: the first one starts the looks.
  func retain(_ owner: AnyHashableSendable) {
    guard let interval else { return }
    let (discovery, clock) = (discovery, clock)
    let task = Task.inheritingExecutor {
      while !Task.isCancelled {
        do { try await clock.sleep(for: interval) } catch { return }
        await discovery.lookAgain()
      }
    }
    let unneeded = state.withLock { state -> Task<Void, Never>? in
      switch state {
      case .idle:
        state = .watching(owners: [owner], task: task)
        return nil
      case .watching(var owners, let running):
        owners.insert(owner)
        state = .watching(owners: owners, task: running)
        return task
      }
    }
    unneeded?.cancel()
  }

  /// `owner` is destroyed: the last one stops the looks, and this returns once the looking task
  /// (and the connection of a look in progress) has ended.
  func release(_ owner: AnyHashableSendable) async {
    let stopped = state.withLock { state -> Task<Void, Never>? in
      guard case .watching(var owners, let task) = state else { return nil }
      owners.remove(owner)
      guard owners.isEmpty else {
        state = .watching(owners: owners, task: task)
        return nil
      }
      state = .idle
      return task
    }
    stopped?.cancel()
    await stopped?.value
  }
}
