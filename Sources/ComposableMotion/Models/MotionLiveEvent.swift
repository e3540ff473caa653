import LinuxIIO

/// Something the live client did or saw on its own that an app may want to show or log;
/// delivered to the `onEvent` handler of
/// ``MotionClient/live(root:deviceDirectory:mode:devices:clock:bufferLimit:magneticDeclination:onEvent:)``.
///
/// `device` strings read `name (iio:deviceN)`; sensors are listed in
/// `MotionSensor.allCases` order.
public enum MotionLiveEvent: Sendable, Hashable {
  /// In automatic mode a buffered device could not be streamed, so its sensors are read by
  /// polling the sysfs attributes instead, at the requested interval: it delivered no scan in
  /// time (`cause` is ``MotionError/noScans(_:device:waited:)``), or another process holds its
  /// buffer, as iio-sensor-proxy does on Linux phones and laptops (`cause` is
  /// ``MotionError/readerFailed(_:_:)`` with `IIOError.deviceBusy(path:)`).
  case fellBackToPolling(sensors: [MotionSensor], device: String, cause: MotionError)
  /// A buffered device that was delivering went silent for `silentFor` (a few sample periods,
  /// 250 ms to 1 s on the client's clock): it stopped, or its trigger did. The streams stay
  /// open; ``resumed(sensors:device:)`` follows if scans come again, and a device that was
  /// removed ends them with `MotionError.readerFailed(_, .deviceRemoved)`.
  case stale(sensors: [MotionSensor], device: String, silentFor: Duration)
  /// A device reported ``stale(sensors:device:silentFor:)`` delivers again.
  case resumed(sensors: [MotionSensor], device: String)
  /// While a manager exists, a device the client may use (its `devices` selection accepts it)
  /// appeared, measuring `sensors` on x, y and z. The next `start…` can read it; streams
  /// already running keep their device.
  case deviceConnected(IIODevice, sensors: [MotionSensor])
  /// While a manager exists, a device the client could use vanished; streams reading it end
  /// with `MotionError.readerFailed(_, .deviceRemoved)` and a new `start…` picks whichever
  /// device is there then.
  case deviceDisconnected(IIODevice, sensors: [MotionSensor])
  /// A client over iiod lost its link to the board (`server`, `host:port`): `error` says how
  /// (dropped, timed out, garbled). It reconnects after `retryingIn`; the streams stay open.
  case linkLost(server: String, error: IIODError, retryingIn: Duration)
  /// A client over iiod that reported ``linkLost(server:error:retryingIn:)`` is connected again.
  case linkRestored(server: String)
}

extension MotionLiveEvent: CustomStringConvertible {
  /// One line for a log or a status bar.
  public var description: String {
    func list(_ sensors: [MotionSensor]) -> String {
      sensors.map(\.rawValue).joined(separator: ", ")
    }
    func name(_ device: IIODevice) -> String {
      device.name + (device.label.map { " \"\($0)\"" } ?? "") + " (\(device.id))"
    }
    switch self {
    case .fellBackToPolling(let sensors, let device, let cause):
      return "\(device) is polled for \(list(sensors)) instead: \(cause)"
    case .stale(let sensors, let device, let silence):
      return "\(device) (\(list(sensors))) has delivered nothing for \(silence)"
    case .resumed(let sensors, let device):
      return "\(device) (\(list(sensors))) delivers again"
    case .deviceConnected(let device, let sensors):
      return "connected: \(name(device)) with \(list(sensors))"
    case .deviceDisconnected(let device, let sensors):
      return "disconnected: \(name(device)) with \(list(sensors))"
    case .linkLost(let server, let error, let pause):
      return "lost the link to iiod at \(server) (\(error)); reconnecting in \(pause)"
    case .linkRestored(let server):
      return "reconnected to iiod at \(server)"
    }
  }
}
