/// What one look under an IIO root found: every device that could be read, every one that could
/// not (each with the ``IIOError`` that says why), and the triggers.
///
/// One malformed device (a driver printing a scale the ABI does not allow, a half-removed
/// device) never hides the healthy ones beside it: it is listed in ``skipped`` instead.
///
/// ```swift
/// let found = try IIOSystem().scan()
/// for device in found.devices { print(device.id, device.name) }
/// for problem in found.skipped { print("skipped \(problem.id): \(problem.error)") }
/// ```
public struct IIODiscovery: Hashable, Sendable {
  /// A device directory that could not be read, and why.
  public struct Skipped: Hashable, Sendable, CustomStringConvertible {
    /// The directory name, `iio:deviceN`.
    public var id: String
    /// The device's sysfs directory.
    public var path: String
    /// What went wrong reading it (a malformed attribute names its file).
    public var error: IIOError

    /// Creates a record of a skipped device.
    public init(id: String, path: String, error: IIOError) {
      self.id = id
      self.path = path
      self.error = error
    }

    /// `iio:deviceN skipped: <the error's explanation>`.
    public var description: String { "\(id) skipped: \(error)" }
  }

  /// The root that was scanned (normally `/sys/bus/iio/devices`).
  public var root: String
  /// The devices read, in index order.
  public var devices: [IIODevice]
  /// The devices that could not be read, in index order.
  public var skipped: [Skipped]
  /// The triggers, in index order (a trigger whose name cannot be read is left out).
  public var triggers: [IIOTrigger]

  /// Creates a discovery result; ``IIOSystem/scan()`` builds these.
  public init(root: String, devices: [IIODevice], skipped: [Skipped], triggers: [IIOTrigger]) {
    self.root = root
    self.devices = devices
    self.skipped = skipped
    self.triggers = triggers
  }

  /// The devices with an input channel measuring `type`, those able to stream every such
  /// channel through their buffer first (in index order within each group).
  public func devices(measuring type: IIOChannelType) -> [IIODevice] {
    let candidates = devices.filter { $0.measures(type) }
    let buffered = candidates.filter {
      $0.supportsBufferedReading(of: $0.channels(ofType: type))
    }
    return buffered + candidates.filter { !buffered.contains($0) }
  }
}
