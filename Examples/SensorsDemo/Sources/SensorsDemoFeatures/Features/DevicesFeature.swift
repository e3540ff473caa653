import ComposableStore
import LinuxIIO

/// `sensors-demo devices`: the IIO devices under a sysfs root, with their channels, units,
/// scales, mount matrices and reading modes.
struct DevicesFeature: Reducer {
  /// What the screen shows.
  struct State: Equatable, Sendable {
    /// The discovery root searched.
    var root: String
    /// The devices found, once loaded.
    var devices: [IIODevice]?
    /// Why discovery failed.
    var errorMessage: String?

    /// Creates the state for a root (default `/sys/bus/iio/devices`).
    init(root: String = IIOSystem.defaultRoot) {
      self.root = root
    }

    /// Whether discovery finished, with or without devices.
    var isFinished: Bool { devices != nil || errorMessage != nil }
  }

  /// What can happen.
  enum Action: Equatable, Sendable {
    /// Look for devices.
    case load
    /// Discovery finished.
    case loaded([IIODevice])
    /// Discovery failed; the message says why and what to do.
    case failed(String)
  }

  /// How devices are found: a dependency, so the reducer never touches sysfs itself.
  struct Scan: Sendable {
    /// Lists the devices under a sysfs root.
    var devices: @Sendable (String) async throws(IIOError) -> [IIODevice]

    /// Creates a scan from its one endpoint.
    init(devices: @escaping @Sendable (String) async throws(IIOError) -> [IIODevice]) {
      self.devices = devices
    }

    /// The kernel's devices, through ``IIOSystem``.
    static var live: Scan {
      Scan { root throws(IIOError) in try IIOSystem(root: root).devices() }
    }
  }

  let scan: Scan

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load:
      return .run { [scan, root = state.root] send in
        do throws(IIOError) {
          let devices = try await scan.devices(root)
          await send(
            devices.isEmpty ? .failed(Self.noDevicesMessage(root: root)) : .loaded(devices))
        } catch {
          let hint =
            error.description.contains("--iio-root")
            ? "" : " With sensors-demo, pass --iio-root DIR to look under another root."
          await send(.failed(error.description + hint))
        }
      }
    case .loaded(let devices):
      state.devices = devices
      return .none
    case .failed(let message):
      state.errorMessage = message
      return .none
    }
  }

  /// What to tell a user when the root exists but holds no device.
  static func noDevicesMessage(root: String) -> String {
    "No IIO devices under \(root). This machine exposes no sensors through the kernel's IIO subsystem; "
      + "load the sensor's driver, pass --iio-root DIR to look elsewhere, or run `sensors-demo` "
      + "without arguments to replay the bundled recordings."
  }
}
