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
    let (stream, continuation) = AsyncThrowingStream.makeStream(
      of: IIODeviceChange.self, bufferingPolicy: .bufferingNewest(bufferingNewest))
    let wake: WakeSignal
    do {
      wake = try WakeSignal()
    } catch {
      continuation.finish(
        throwing: IIOError.systemCallFailed(path: "pipe", operation: "create", errno: error.errno))
      return IIODeviceWatch(changes: stream, wake: nil)
    }
    // Signal only, never wait for the thread here (see IIOBufferedReader.start()).
    continuation.onTermination = { _ in wake.signal() }
    let loop = DeviceWatchLoop(
      watcher: self, tracker: DeviceSetTracker(known: known), wake: wake,
      continuation: continuation)
    if let code = DetachedThread.start(name: "iio watch", { loop.run() }) {
      wake.markDone()
      continuation.finish(
        throwing: IIOError.systemCallFailed(
          path: system.root, operation: "pthread_create", errno: code))
      return IIODeviceWatch(changes: stream, wake: nil)
    }
    return IIODeviceWatch(changes: stream, wake: wake)
  }
}
