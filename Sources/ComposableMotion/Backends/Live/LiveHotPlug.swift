import LinuxIIO
import SensorsCore
import Synchronization

/// Watches the IIO root for devices appearing and vanishing while at least one manager exists
/// (from the first `create` to the last `destroy`, as Core Motion's headphone manager reports
/// connections to a live manager): each change refreshes the live client's discovery, then is
/// reported as ``MotionLiveEvent/deviceConnected(_:sensors:)`` or
/// ``MotionLiveEvent/deviceDisconnected(_:sensors:)`` when the device is one the client could
/// use.
///
/// One state under one lock; the watch is started, stopped and awaited outside it.
final class LiveHotPlug: Sendable {
  private struct Running: Sendable {
    var watch: IIODeviceWatch
    var forwarder: Task<Void, Never>
  }

  private enum State: Sendable {
    case idle
    /// `running` is nil while the owner that started watching is still setting it up.
    case watching(owners: Set<AnyHashableSendable>, running: Running?, epoch: UInt64)
  }

  private let state = Mutex<(state: State, epochs: UInt64)>((.idle, 0))
  let discovery: LiveDiscovery
  let settleTime: Duration
  let onEvent: @Sendable (MotionLiveEvent) -> Void

  init(
    discovery: LiveDiscovery, settleTime: Duration = .milliseconds(50),
    onEvent: @escaping @Sendable (MotionLiveEvent) -> Void
  ) {
    self.discovery = discovery
    self.settleTime = settleTime
    self.onEvent = onEvent
  }

  /// `owner` exists: the first one starts the watch.
  func retain(_ owner: AnyHashableSendable) async {
    let epoch: UInt64? = state.withLock { locked in
      switch locked.state {
      case .idle:
        locked.epochs += 1
        locked.state = .watching(owners: [owner], running: nil, epoch: locked.epochs)
        return locked.epochs
      case .watching(var owners, let running, let epoch):
        owners.insert(owner)
        locked.state = .watching(owners: owners, running: running, epoch: epoch)
        return nil
      }
    }
    guard let epoch else { return }
    // What is there now is the baseline (only later changes are news), and what
    // `isAvailable` answers from: one scan serves both.
    let known = discovery.refresh().scanned
    let watch = IIODeviceWatcher(system: discovery.system, settleTime: settleTime)
      .start(knowing: known)
    let running = Running(watch: watch, forwarder: forward(watch))
    let adopted = state.withLock { locked -> Bool in
      guard case .watching(let owners, nil, epoch) = locked.state else { return false }
      locked.state = .watching(owners: owners, running: running, epoch: epoch)
      return true
    }
    // Every owner left while the watch was being set up.
    if !adopted { await Self.close(running) }
  }

  /// `owner` is destroyed: the last one stops the watch and waits until it has closed its
  /// descriptors.
  func release(_ owner: AnyHashableSendable) async {
    let stopped = state.withLock { locked -> Running? in
      guard case .watching(var owners, let running, let epoch) = locked.state else { return nil }
      owners.remove(owner)
      guard owners.isEmpty else {
        locked.state = .watching(owners: owners, running: running, epoch: epoch)
        return nil
      }
      locked.state = .idle
      return running
    }
    if let stopped { await Self.close(stopped) }
  }

  private static func close(_ running: Running) async {
    await running.watch.close()
    await running.forwarder.value
  }

  /// Refreshes the discovery on every change and reports the devices the client could use.
  private func forward(_ watch: IIODeviceWatch) -> Task<Void, Never> {
    Task.inheritingExecutor { [discovery, onEvent] in
      do {
        for try await change in watch.changes {
          discovery.refresh()
          let sensors = discovery.sensors(of: change.device)
          guard !sensors.isEmpty else { continue }
          switch change {
          case .added(let device): onEvent(.deviceConnected(device, sensors: sensors))
          case .removed(let device): onEvent(.deviceDisconnected(device, sensors: sensors))
          }
        }
      } catch {
        // The root vanished: nothing more can appear under it; starts report the missing root.
        discovery.refresh()
      }
    }
  }
}
