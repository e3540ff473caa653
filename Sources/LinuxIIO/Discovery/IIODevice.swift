#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One IIO device (`iio:deviceN` under the discovery root) with its channels and the
/// attributes that govern reading it.
public struct IIODevice: Hashable, Sendable, Identifiable {
  /// The device number, N in `iio:deviceN`.
  public var index: Int
  /// The driver's `name` for the device (for example `adxl355`, `accel_3d`).
  public var name: String
  /// The `label` attribute firmware may give (for example `accel-display`), nil if absent.
  public var label: String?
  /// The device's sysfs directory.
  public var path: String
  /// The character device scans are read from, `/dev/iio:deviceN` by default.
  public var deviceNode: String
  /// The device's channels, sorted by identifier.
  public var channels: [IIOChannel]
  /// The device-wide `sampling_frequency` in Hz, nil if absent.
  public var samplingFrequency: Double?
  /// The accepted sampling frequencies, from `sampling_frequency_available`, nil if absent.
  public var availableSamplingFrequencies: IIOSamplingFrequencies?
  /// The clock of buffered timestamps (`current_timestamp_clock`: `realtime`, `boottime`…).
  public var timestampClock: IIOTimestampClock
  /// The buffer, nil when the device cannot stream.
  public var buffer: IIOBufferInfo?
  /// The trigger directory's `current_trigger` at discovery, nil when the device takes none
  /// or had none set.
  public var currentTrigger: String?

  /// Creates a device description; ``IIOSystem`` builds these from sysfs.
  public init(
    index: Int, name: String, label: String? = nil, path: String, deviceNode: String,
    channels: [IIOChannel], samplingFrequency: Double? = nil,
    availableSamplingFrequencies: IIOSamplingFrequencies? = nil,
    timestampClock: IIOTimestampClock = .realtime, buffer: IIOBufferInfo? = nil,
    currentTrigger: String? = nil
  ) {
    self.index = index
    self.name = name
    self.label = label
    self.path = path
    self.deviceNode = deviceNode
    self.channels = channels
    self.samplingFrequency = samplingFrequency
    self.availableSamplingFrequencies = availableSamplingFrequencies
    self.timestampClock = timestampClock
    self.buffer = buffer
    self.currentTrigger = currentTrigger
  }

  /// The sysfs directory name, `iio:deviceN`.
  public var id: String { "iio:device\(index)" }

  /// The channels measuring `type`, in identifier order (x before y before z).
  public func channels(ofType type: IIOChannelType) -> [IIOChannel] {
    channels.filter { $0.type == type }
  }

  /// The channel with this identifier, nil if the device has none.
  public func channel(_ id: IIOChannelID) -> IIOChannel? {
    channels.first { $0.id == id }
  }

  /// Whether the device has at least one input channel measuring `type`.
  public func measures(_ type: IIOChannelType) -> Bool {
    channels.contains { $0.type == type && $0.direction == .input }
  }

  /// Whether every one of `channels` can be streamed through the buffer: the device has a
  /// buffer and each channel a scan element.
  public func supportsBufferedReading(of channels: [IIOChannel]) -> Bool {
    buffer != nil && !channels.isEmpty && channels.allSatisfy { $0.scanElement != nil }
  }
}

extension IIODevice {
  /// Where the device sits in the machine: its sysfs directory with symbolic links resolved,
  /// such as `/sys/devices/platform/soc/…/i2c-1/1-0068/iio:device0`, naming the bus and address
  /// that tell two identical chips apart; ``path`` itself when it cannot be resolved.
  public func resolvedLocation() -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
