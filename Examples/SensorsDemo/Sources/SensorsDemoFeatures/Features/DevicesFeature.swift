import ComposableStore
import LinuxIIO

/// `sensors-demo devices`: the IIO devices under a sysfs root, with their channels, units,
/// scales, mount matrices and reading modes.
public struct DevicesFeature: Reducer {
  /// What the screen shows.
  public struct State: Equatable, Sendable {
    /// The discovery root searched.
    public var root: String
    /// The devices found, once loaded.
    public var devices: [IIODevice]?
    /// Why discovery failed.
    public var errorMessage: String?

    /// Creates the state for a root (default `/sys/bus/iio/devices`).
    public init(root: String = IIOSystem.defaultRoot) {
      self.root = root
    }

    /// Whether discovery finished, with or without devices.
    public var isFinished: Bool { devices != nil || errorMessage != nil }
  }

  /// What can happen.
  public enum Action: Equatable, Sendable {
    /// Look for devices.
    case load
    /// Discovery finished.
    case loaded([IIODevice])
    /// Discovery failed; the message says why and what to do.
    case failed(String)
  }

  let discover: @Sendable (String) throws(IIOError) -> [IIODevice]

  /// Creates the feature; `discover` lists the devices under a root (``IIOSystem`` by default).
  public init(
    discover: @escaping @Sendable (String) throws(IIOError) -> [IIODevice] = {
      root throws(IIOError) in
      try IIOSystem(root: root).devices()
    }
  ) {
    self.discover = discover
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load:
      return .run { [discover, root = state.root] send in
        do throws(IIOError) {
          let devices = try discover(root)
          await send(
            devices.isEmpty ? .failed(Self.noDevicesMessage(root: root)) : .loaded(devices))
        } catch {
          await send(.failed(error.description))
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
