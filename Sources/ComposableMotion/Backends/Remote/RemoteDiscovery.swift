import LinuxIIO
import Synchronization

/// The iiod backend's view of a remote board's devices: looked at when a manager is created
/// (until a look succeeds) and every time a reader (re)connects. Each look after the first
/// compares the devices with the previous ones and reports the changes, as the local hot-plug
/// watcher does (iiod itself announces none).
final class RemoteDiscovery: Sendable {
  private struct State {
    var snapshot: LiveDiscovery.Snapshot
    /// Whether a look has succeeded: only then are changes news.
    var looked = false
  }

  let address: Result<IIODAddress, IIODError>
  let mode: MotionReadingMode
  let selection: MotionDeviceSelection
  let timeout: Duration
  let onEvent: @Sendable (MotionLiveEvent) -> Void
  private let state: Mutex<State>

  init(
    address: Result<IIODAddress, IIODError>, mode: MotionReadingMode,
    selection: MotionDeviceSelection, timeout: Duration,
    onEvent: @escaping @Sendable (MotionLiveEvent) -> Void
  ) {
    self.address = address
    self.mode = mode
    self.selection = selection
    self.timeout = timeout
    self.onEvent = onEvent
    let pending: IIODError
    switch address {
    case .success(let address):
      pending = .notConnected(server: address.description)
    case .failure(let error): pending = error
    }
    state = Mutex(State(snapshot: Self.unreachable(address, pending, mode, selection)))
  }

  /// `host:port`, or the text that was not an address.
  var server: String {
    switch address {
    case .success(let address): address.description
    case .failure(.invalidAddress(let text)): text
    case .failure(let error): "\(error)"
    }
  }

  /// The latest look.
  var current: LiveDiscovery.Snapshot { state.withLock { $0.snapshot } }

  /// Looks once with a short-lived connection, unless a look already succeeded.
  func lookIfNeeded() async {
    guard !state.withLock({ $0.looked }) else { return }
    do throws(IIODError) {
      try await lookWithOwnConnection()
    } catch {
      let failed = Self.unreachable(self.address, error, mode, selection)
      state.withLock { if !$0.looked { $0.snapshot = failed } }
    }
  }

  /// Looks again with a short-lived connection, reporting what changed; a failed look changes
  /// nothing (see ``RemoteHotPlug``).
  func lookAgain() async {
    try? await lookWithOwnConnection()
  }

  private func lookWithOwnConnection() async throws(IIODError) {
    guard case .success(let address) = address else { return }
    let client = try IIODClient(address: address, timeout: timeout)
    defer { client.close() }
    _ = try await look(using: client)
  }

  /// Looks at the board through `client`, stores the result, and reports devices that came or
  /// went since the previous successful look.
  func look(using client: IIODClient) async throws(IIODError) -> LiveDiscovery.Snapshot {
    let found = try await client.discover()
    let routing = MotionDeviceRouting(discovery: found, mode: mode, devices: selection)
    let snapshot = LiveDiscovery.Snapshot(routing: routing, scanned: found.devices)
    let previous = state.withLock { state -> [IIODevice]? in
      defer {
        state.snapshot = snapshot
        state.looked = true
      }
      return state.looked ? state.snapshot.scanned : nil
    }
    guard let previous else { return snapshot }
    // A device is the same when its number and its chip are: a restarted board may renumber.
    func key(_ device: IIODevice) -> [String] { [device.id, device.name, device.label ?? ""] }
    let before = Set(previous.map(key))
    let after = Set(found.devices.map(key))
    for device in previous where !after.contains(key(device)) {
      let sensors = sensors(of: device)
      if !sensors.isEmpty { onEvent(.deviceDisconnected(device, sensors: sensors)) }
    }
    for device in found.devices where !before.contains(key(device)) {
      let sensors = sensors(of: device)
      if !sensors.isEmpty { onEvent(.deviceConnected(device, sensors: sensors)) }
    }
    return snapshot
  }

  private func sensors(of device: IIODevice) -> [MotionSensor] {
    LiveDiscovery.sensors(of: device, selection: selection)
  }

  /// No devices, every sensor unavailable because of `error`.
  private static func unreachable(
    _ address: Result<IIODAddress, IIODError>, _ error: any Error, _ mode: MotionReadingMode,
    _ selection: MotionDeviceSelection
  ) -> LiveDiscovery.Snapshot {
    let root = (try? address.get().description) ?? "iiod"
    let cause: IIOError =
      (error as? IIODError).map { .remote($0) } ?? (error as? IIOError)
      ?? .remote(.closed(server: root))
    let discovery = IIODiscovery(
      root: root, devices: [], skipped: [IIODiscovery.Skipped(id: root, path: root, error: cause)],
      triggers: [])
    return LiveDiscovery.Snapshot(
      routing: MotionDeviceRouting(discovery: discovery, mode: mode, devices: selection),
      scanned: [])
  }
}
