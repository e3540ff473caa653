import SensorsCore

/// Sees devices appear and vanish under an IIO root while a program runs: hot-plugged USB
/// sensors, drivers bound and unbound, a test's sysfs tree that grows and shrinks.
///
/// A thread waits with `poll()` on inotify watches of the root (`/sys/bus/iio/devices`) and of
/// the character-device directory (`/dev`), looks again (``IIOSystem/scan()``) once changes
/// have been quiet for ``settleTime``, and reports the difference from what it knew as
/// ``IIODeviceChange`` values. The kernel creates `/dev/iio:deviceN` (devtmpfs) after the
/// device's sysfs directory is complete, so on a real machine the character device's arrival
/// is what wakes the watcher; sysfs itself sends no inotify events for kernel-made entries.
/// Trees built by tests and umockdev testbeds are ordinary directories and wake it through the
/// root's watch.
///
/// ```swift
/// let system = IIOSystem()
/// let watch = IIODeviceWatcher(system: system).start(knowing: try system.scan().devices)
/// for try await change in watch.changes {
///   switch change {
///   case .added(let device): print("+", device.id, device.name)
///   case .removed(let device): print("-", device.id, device.name)
///   }
/// }
/// ```
public struct IIODeviceWatcher: Sendable {
  /// The root and device directory watched.
  public var system: IIOSystem
  /// How long the directories must stay quiet after a change before the watcher looks: a
  /// device directory is written entry by entry, and a look in the middle would see half a
  /// device.
  public var settleTime: Duration
  /// How many changes the stream keeps for a consumer that falls behind (the oldest go first).
  public var bufferingNewest: Int

  /// Creates a watcher of `system`'s root and device directory.
  public init(
    system: IIOSystem = IIOSystem(), settleTime: Duration = .milliseconds(50),
    bufferingNewest: Int = 64
  ) {
    self.system = system
    self.settleTime = max(.zero, settleTime)
    self.bufferingNewest = max(1, bufferingNewest)
  }

  /// Starts watching. The first look happens once the watches are in place, and reports how
  /// the devices then present differ from `known` (pass the devices of a scan you already
  /// made; pass nothing to get an ``IIODeviceChange/added(_:)`` for every device present).
  public func start(knowing known: [IIODevice] = []) -> IIODeviceWatch {
    let tracker = DeviceSetTracker(known: known)
    let (changes, wake) = ThreadFedStream.start(
      of: IIODeviceChange.self, threadName: "iio watch", path: system.root,
      bufferingNewest: bufferingNewest
    ) { wake, continuation in
      DeviceWatchLoop(watcher: self, tracker: tracker, wake: wake, continuation: continuation)
        .run()
    }
    return IIODeviceWatch(changes: changes, wake: wake)
  }
}
