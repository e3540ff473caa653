/// The entry point: finds IIO devices and triggers under a sysfs root.
///
/// ```swift
/// let system = IIOSystem()                       // /sys/bus/iio/devices, /dev
/// let imu = try system.firstDevice(measuring: .accel)
/// for channel in imu.channels(ofType: .accel) { print(channel.id, channel.scale ?? 1) }
/// ```
///
/// Point `root` at any directory with the same layout (a test's temporary tree, a chroot) and
/// `deviceDirectory` at where the `iio:deviceN` character devices live.
public struct IIOSystem: Hashable, Sendable {
  /// Where the kernel lists IIO devices and triggers.
  public static let defaultRoot = "/sys/bus/iio/devices"

  /// The directory holding `iio:deviceN` and `triggerN` entries.
  public var root: String
  /// The directory holding the `iio:deviceN` character devices.
  public var deviceDirectory: String

  /// Creates a view of the IIO devices under `root`, with character devices in `deviceDirectory`.
  public init(root: String = IIOSystem.defaultRoot, deviceDirectory: String = "/dev") {
    self.root = root
    self.deviceDirectory = deviceDirectory
  }

  /// Looks at every device and trigger under the root once: the devices that read cleanly,
  /// and the ones skipped with the error that says why.
  ///
  /// - Throws: only ``IIOError/rootNotFound(path:)`` (or the error listing the root), never
  ///   for one bad device.
  public func scan() throws(IIOError) -> IIODiscovery {
    guard Sysfs.isDirectory(root) else { throw .rootNotFound(path: root) }
    let entries = try Sysfs.list(root)
    var devices: [IIODevice] = []
    var skipped: [IIODiscovery.Skipped] = []
    for (index, entry) in Self.numbered(entries, prefix: "iio:device") {
      let directory = root + "/" + entry
      do {
        devices.append(
          try DeviceScanner.scan(
            directory: directory, index: index, deviceDirectory: deviceDirectory))
      } catch {
        skipped.append(IIODiscovery.Skipped(id: entry, path: directory, error: error))
      }
    }
    return IIODiscovery(
      root: root, devices: devices, skipped: skipped, triggers: triggers(in: entries))
  }

  /// The triggers among the root's entries; one whose name cannot be read is left out.
  private func triggers(in entries: [String]) -> [IIOTrigger] {
    Self.numbered(entries, prefix: "trigger").compactMap { index, entry in
      let path = root + "/" + entry
      let name: String?
      do {
        name = try Sysfs.readIfPresent(path + "/name")?.trimmingASCIIWhitespace()
      } catch {
        return nil
      }
      return IIOTrigger(index: index, name: name ?? entry, path: path)
    }
  }

  /// Entries named `<prefix>N`, with N, in increasing N.
  private static func numbered(_ entries: [String], prefix: String) -> [(Int, String)] {
    entries.compactMap { entry -> (Int, String)? in
      guard entry.hasPrefix(prefix), let index = Int(entry.dropFirst(prefix.count)), index >= 0
      else { return nil }
      return (index, entry)
    }.sorted { $0.0 < $1.0 }
  }

  /// Every device under the root, in index order: strict, for tools that must not skip.
  ///
  /// - Throws: ``IIOError/rootNotFound(path:)`` when the root is missing, or the first error
  ///   reading a device's attributes (a malformed value names its file). ``scan()`` reports
  ///   such devices and carries on instead.
  public func devices() throws(IIOError) -> [IIODevice] {
    let found = try scan()
    if let first = found.skipped.first { throw first.error }
    return found.devices
  }

  /// The device `iio:deviceN`.
  public func device(index: Int) throws(IIOError) -> IIODevice {
    let directory = root + "/iio:device\(index)"
    guard Sysfs.isDirectory(directory) else {
      guard Sysfs.isDirectory(root) else { throw .rootNotFound(path: root) }
      throw .deviceNotFound(description: "iio:device\(index)", root: root)
    }
    return try DeviceScanner.scan(
      directory: directory, index: index, deviceDirectory: deviceDirectory)
  }

  /// The first device whose `name` or `label` is `name` (devices that cannot be read are
  /// passed over, see ``scan()``).
  public func device(named name: String) throws(IIOError) -> IIODevice {
    guard let device = try scan().devices.first(where: { $0.name == name || $0.label == name })
    else {
      throw .deviceNotFound(description: "named \(name.debugDescription)", root: root)
    }
    return device
  }

  /// The first device with an input channel measuring `type`, preferring one that can stream
  /// those channels through its buffer (devices that cannot be read are passed over).
  public func firstDevice(measuring type: IIOChannelType) throws(IIOError) -> IIODevice {
    guard let first = try scan().devices(measuring: type).first else {
      throw .deviceNotFound(description: "with \(type) channels", root: root)
    }
    return first
  }

  /// Every trigger under the root, in index order.
  public func triggers() throws(IIOError) -> [IIOTrigger] {
    guard Sysfs.isDirectory(root) else { throw .rootNotFound(path: root) }
    return triggers(in: try Sysfs.list(root))
  }

  /// The trigger a device most likely owns: the one named `<device name>-dev<index>`, which
  /// drivers with a data-ready interrupt register; nil when there is none.
  public func defaultTrigger(for device: IIODevice) throws(IIOError) -> IIOTrigger? {
    Self.own(of: device, among: try triggers())
  }

  /// The trigger to attach to a device that has none set, in order of preference: its own
  /// (see ``defaultTrigger(for:)``), else an hrtimer trigger (a trigger directory with
  /// `sampling_frequency`, made through configfs), else a sysfs trigger (one with
  /// `trigger_now`, which fires only when written). Triggers another device registered for
  /// itself (named `<name>-dev<N>`) are never offered: drivers refuse them. Nil when none fits.
  public func attachableTrigger(for device: IIODevice) throws(IIOError) -> IIOTrigger? {
    let triggers = try triggers()  // listed and read once for both choices
    if let own = Self.own(of: device, among: triggers) { return own }
    let free = triggers.filter { !Self.isDeviceOwned($0.name) }
    return free.first { Sysfs.exists($0.path + "/sampling_frequency") }
      ?? free.first { Sysfs.exists($0.path + "/trigger_now") }
  }

  /// The trigger among `triggers` that `device` most likely owns (see ``defaultTrigger(for:)``).
  private static func own(of device: IIODevice, among triggers: [IIOTrigger]) -> IIOTrigger? {
    triggers.first { $0.name == "\(device.name)-dev\(device.index)" }
      ?? triggers.first { $0.name.hasPrefix(device.name + "-") }
  }

  /// Whether a trigger name follows the `<device name>-dev<N>` form of a device's own trigger.
  static func isDeviceOwned(_ name: String) -> Bool {
    guard let dash = name.lastIndex(of: "-") else { return false }
    let tail = name[name.index(after: dash)...]
    guard tail.hasPrefix("dev") else { return false }
    let digits = tail.dropFirst(3)
    return !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) }
  }

  /// Sets a device's sampling frequency (Hz) through its most specific writable attribute,
  /// for `type` if given (`in_accel_sampling_frequency`), else `sampling_frequency`.
  ///
  /// - Throws: ``IIOError/valueRejected(path:value:)`` when the driver refuses the value,
  ///   ``IIOError/permissionDenied(path:operation:)`` without write access.
  public func setSamplingFrequency(
    _ hertz: Double, of device: IIODevice, for type: IIOChannelType? = nil
  )
    throws(IIOError)
  {
    var candidates = ["sampling_frequency"]
    if let type { candidates.insert("in_\(type.rawValue)_sampling_frequency", at: 0) }
    guard let name = candidates.first(where: { Sysfs.exists(device.path + "/" + $0) }) else {
      throw .attributeMissing(path: device.path + "/sampling_frequency")
    }
    try Sysfs.write(String(hertz), to: device.path + "/" + name)
  }
}
