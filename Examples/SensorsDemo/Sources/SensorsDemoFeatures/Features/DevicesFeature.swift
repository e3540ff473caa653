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
    /// Why nothing can be listed (a value: the presentation words it).
    var problem: Problem?

    /// Creates the state for a root (default `/sys/bus/iio/devices`).
    init(root: String = IIOSystem.defaultRoot) {
      self.root = root
    }

    /// Whether discovery finished, with or without devices.
    var isFinished: Bool { devices != nil || problem != nil }

    /// Whether the root searched is the kernel's own (`--iio-root` not given).
    var isDefaultRoot: Bool { root == IIOSystem.defaultRoot }
  }

  /// Why nothing can be listed.
  enum Problem: Equatable, Sendable {
    /// Discovery failed.
    case scanFailed(IIOError)
    /// The root exists but holds no device.
    case noDevices
  }

  /// What can happen.
  enum Action: Equatable, Sendable {
    /// Look for devices.
    case load
    /// Discovery finished.
    case loaded([IIODevice])
    /// Discovery found nothing to list, and why.
    case failed(Problem)
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
          await send(devices.isEmpty ? .failed(.noDevices) : .loaded(devices))
        } catch {
          await send(.failed(.scanFailed(error)))
        }
      }
    case .loaded(let devices):
      state.devices = devices
      return .none
    case .failed(let problem):
      state.problem = problem
      return .none
    }
  }

  /// What to tell a user, once: what was found, and what to try that fits how the root was
  /// chosen (the kernel's, or one named with `--iio-root`).
  static func message(for problem: Problem, root: String) -> String {
    let isDefaultRoot = root == IIOSystem.defaultRoot
    let elsewhere =
      isDefaultRoot
      ? "Load the sensor's driver, pass --iio-root DIR to look elsewhere, or drop --live to "
        + "list the bundled recording of a device."
      : "Check the path: it should hold iio:deviceN directories like /sys/bus/iio/devices."
    switch problem {
    case .noDevices:
      return isDefaultRoot
        ? "No IIO devices under \(root): this machine exposes no sensors through the kernel's IIO "
          + "subsystem. " + elsewhere
        : "No IIO devices under \(root). " + elsewhere
    case .scanFailed(.rootNotFound(let path)):
      return isDefaultRoot
        ? "No IIO devices directory at \(path): the kernel's IIO subsystem is not loaded "
          + "(CONFIG_IIO) or sysfs is not mounted. " + elsewhere
        : "No directory at \(path). " + elsewhere
    case .scanFailed(let error):
      return error.description
    }
  }
}
