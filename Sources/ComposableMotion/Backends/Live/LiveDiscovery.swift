import LinuxIIO
import Synchronization

/// The live backend's current view of the devices: looked at when the client is made, again
/// at every `start…`, and after every hot-plug change a watcher reports.
final class LiveDiscovery: Sendable {
  /// One look at the devices, routed.
  struct Snapshot: Sendable {
    let routing: MotionDeviceRouting
    /// Devices by reader id (`iio:deviceN`).
    let devices: [String: IIODevice]
    /// Which device serves each available sensor.
    let routes: [MotionSensor: String]
    /// Readers that poll (one scan per interval, by construction).
    let pollingReaders: Set<String>
    /// Every device the look found, routed or not: a hot-plug watcher's baseline.
    let scanned: [IIODevice]

    init(routing: MotionDeviceRouting, scanned: [IIODevice]) {
      self.routing = routing
      self.scanned = scanned
      var devices: [String: IIODevice] = [:]
      var routes: [MotionSensor: String] = [:]
      for (sensor, device) in routing.devices {
        devices[device.id] = device
        routes[sensor] = device.id
      }
      self.devices = devices
      self.routes = routes
      pollingReaders = Set(
        devices.filter { id, device in
          !routing.willStream(device, sensors: Set(routes.filter { $0.value == id }.keys))
        }.keys)
    }

    /// What the hub needs of it.
    var backendRouting: MotionBackend.Routing {
      MotionBackend.Routing(
        routes: routes, unavailable: routing.unavailable, selfPacedReaders: pollingReaders)
    }
  }

  private struct State {
    var snapshot: Snapshot
    /// The number of the newest look stored, so a slow look never replaces a newer one.
    var stored: UInt64 = 0
    var issued: UInt64 = 0
  }

  let system: IIOSystem
  let mode: MotionReadingMode
  let selection: MotionDeviceSelection
  private let state: Mutex<State>

  /// Looks at the devices under `system.root` once.
  init(system: IIOSystem, mode: MotionReadingMode, selection: MotionDeviceSelection) {
    self.system = system
    self.mode = mode
    self.selection = selection
    state = Mutex(State(snapshot: Self.look(system, mode, selection)))
  }

  /// The latest look.
  var current: Snapshot { state.withLock { $0.snapshot } }

  /// Looks again (reading sysfs, outside the lock) and keeps the result unless a newer look
  /// was stored meanwhile; returns the newest look.
  @discardableResult
  func refresh() -> Snapshot {
    let ticket = state.withLock { state in
      state.issued += 1
      return state.issued
    }
    let snapshot = Self.look(system, mode, selection)
    return state.withLock { state in
      guard ticket > state.stored else { return state.snapshot }
      state.stored = ticket
      state.snapshot = snapshot
      return snapshot
    }
  }

  /// The latest look, or a new one when it cannot serve `sensors`: one of them has no device,
  /// or the device routed for one is gone (its directory vanished, or another chip took its
  /// `iio:deviceN` name). A device that is still there is not looked at again: a start must
  /// not read sysfs while a stopping reader is still putting that device's attributes back.
  func current(serving sensors: Set<MotionSensor>) -> Snapshot {
    let snapshot = current
    for sensor in sensors {
      guard let reader = snapshot.routes[sensor], let device = snapshot.devices[reader],
        device.isPresent()
      else { return refresh() }
    }
    return snapshot
  }

  /// One scan of sysfs, routed. A missing root leaves every sensor unavailable, with the reason.
  private static func look(
    _ system: IIOSystem, _ mode: MotionReadingMode, _ selection: MotionDeviceSelection
  ) -> Snapshot {
    guard let found = try? system.scan() else {
      let routing = MotionDeviceRouting(
        root: system.root, deviceDirectory: system.deviceDirectory, mode: mode, devices: selection)
      return Snapshot(routing: routing, scanned: [])
    }
    let routing = MotionDeviceRouting(discovery: found, mode: mode, devices: selection)
    return Snapshot(routing: routing, scanned: found.devices)
  }

  /// The raw sensors `device` measures on x, y and z, if the selection accepts it.
  func sensors(of device: IIODevice) -> [MotionSensor] {
    Self.sensors(of: device, selection: selection)
  }

  /// The raw sensors `device` measures on x, y and z, if `selection` accepts it.
  static func sensors(of device: IIODevice, selection: MotionDeviceSelection) -> [MotionSensor] {
    guard selection.accepts(device) else { return [] }
    return MotionSensor.allCases.filter {
      MotionDeviceRouting.axes(of: device, MotionDeviceRouting.channelType($0)) != nil
    }
  }
}
