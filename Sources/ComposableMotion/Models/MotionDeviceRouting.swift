import LinuxIIO

/// Which IIO device the live client reads for each raw sensor, and why a sensor has none: what
/// ``MotionClient/live(root:deviceDirectory:mode:devices:clock:bufferLimit:magneticDeclination:onEvent:)``
/// chose, for an app to show or log.
///
/// Per raw sensor the first device that measures it on x, y and z and that the selection
/// accepts is used, a device able to stream the channels through its buffer first (unless the
/// mode is polling). Sensors found on one device share one reader.
///
/// ```swift
/// let routing = MotionDeviceRouting(root: IIOSystem.defaultRoot, devices: .labeled("head"))
/// print(routing)   // accelerometer: adis16480 (iio:device0, buffered) …
/// ```
public struct MotionDeviceRouting: Sendable, Hashable, CustomStringConvertible {
  /// The root looked under.
  public var root: String
  /// The device serving each available raw sensor.
  public var devices: [MotionSensor: IIODevice]
  /// Why each unavailable raw sensor has no device:
  /// ``MotionError/sensorUnavailable(_:searched:skipped:)`` or
  /// ``MotionError/sensorIncomplete(_:device:axes:)``.
  public var unavailable: [MotionSensor: MotionError]
  /// Devices that could not be read at all, with the reason.
  public var skipped: [IIODiscovery.Skipped]
  /// How the devices are read.
  public var mode: MotionReadingMode

  /// Routes the sensors of one discovery.
  public init(
    discovery: IIODiscovery, mode: MotionReadingMode = .automatic,
    devices selection: MotionDeviceSelection = .any
  ) {
    root = discovery.root
    skipped = discovery.skipped
    self.mode = mode
    devices = [:]
    unavailable = [:]
    let accepted = discovery.devices.filter(selection.accepts)
    for sensor in MotionSensor.allCases {
      let type = Self.channelType(sensor)
      let complete = accepted.filter { Self.axes(of: $0, type) != nil }
      let streaming = complete.first {
        $0.supportsBufferedReading(of: Self.axes(of: $0, type) ?? [])
      }
      if let device = (mode == .polling ? nil : streaming) ?? complete.first {
        devices[sensor] = device
      } else if let partial = accepted.first(where: { $0.measures(type) }) {
        let axes = Set(partial.channels(ofType: type).compactMap(\.axis))
        unavailable[sensor] = .sensorIncomplete(
          sensor, device: "\(partial.name) (\(partial.id))",
          axes: IIOAxis.allCases.filter(axes.contains))
      } else {
        unavailable[sensor] = .sensorUnavailable(
          sensor, searched: "IIO devices under \(root)", skipped: skipped)
      }
    }
  }

  /// Scans `root` and routes its sensors; a missing root leaves every sensor unavailable, the
  /// reason in ``unavailable``.
  public init(
    root: String = IIOSystem.defaultRoot, deviceDirectory: String = "/dev",
    mode: MotionReadingMode = .automatic, devices selection: MotionDeviceSelection = .any
  ) {
    let system = IIOSystem(root: root, deviceDirectory: deviceDirectory)
    do {
      self.init(discovery: try system.scan(), mode: mode, devices: selection)
    } catch {
      self.init(
        discovery: IIODiscovery(
          root: root, devices: [],
          skipped: [IIODiscovery.Skipped(id: root, path: root, error: error)],
          triggers: []),
        mode: mode, devices: selection)
    }
  }

  /// The IIO channel type behind a raw sensor.
  static func channelType(_ sensor: MotionSensor) -> IIOChannelType {
    switch sensor {
    case .accelerometer: return .accel
    case .gyro: return .anglvel
    case .magnetometer: return .magn
    }
  }

  /// The x, y and z input channels of `type`, or nil unless the device has all three.
  static func axes(of device: IIODevice, _ type: IIOChannelType) -> [IIOChannel]? {
    let channels = device.channels(ofType: type).filter { $0.direction == .input && $0.axis != nil }
    return Set(channels.compactMap(\.axis)).count == 3 ? channels : nil
  }

  /// The channels to read from `device` for `sensors`.
  func channels(of device: IIODevice, _ sensors: Set<MotionSensor>) -> [IIOChannel] {
    MotionSensor.allCases.filter(sensors.contains).flatMap {
      Self.axes(of: device, Self.channelType($0)) ?? []
    }
  }

  /// Whether reading `sensors` from `device` goes through its buffer.
  func willStream(_ device: IIODevice, sensors: Set<MotionSensor>) -> Bool {
    mode != .polling && device.supportsBufferedReading(of: channels(of: device, sensors))
  }

  /// One line per raw sensor: the device and how it is read, or why there is none.
  public var description: String {
    MotionSensor.allCases.map { sensor in
      if let device = devices[sensor] {
        let read = willStream(device, sensors: [sensor]) ? "buffered" : "polled"
        let label = device.label.map { " \"\($0)\"" } ?? ""
        return "\(sensor.rawValue): \(device.name)\(label) (\(device.id), \(read))"
      }
      return "\(sensor.rawValue): none (\(unavailable[sensor]?.description ?? "not found"))"
    }.joined(separator: "\n")
  }
}
