import SensorsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The body of an ``IIODeviceWatcher``'s thread: inotify watches on the root and the device
/// directory, `poll()` on them and the wake signal, a look after each quiet spell.
struct DeviceWatchLoop: Sendable {
  let watcher: IIODeviceWatcher
  let tracker: DeviceSetTracker
  let wake: WakeSignal
  let continuation: AsyncThrowingStream<IIODeviceChange, any Error>.Continuation

  private static let directoryEvents = UInt32(
    IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF
      | IN_ONLYDIR)

  func run() {
    var failure: IIOError?
    let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    if fd < 0 {
      failure = .systemCallFailed(
        path: watcher.system.root, operation: "inotify_init1", errno: errno)
    } else {
      do throws(IIOError) {
        try watch(fd: fd)
      } catch {
        failure = error
      }
      close(fd)
    }
    wake.markDone()
    if let failure { continuation.finish(throwing: failure) } else { continuation.finish() }
  }

  private func watch(fd: Int32) throws(IIOError) {
    let root = watcher.system.root
    guard inotify_add_watch(fd, root, Self.directoryEvents) >= 0 else {
      throw errno == ENOENT || errno == ENOTDIR
        ? .rootNotFound(path: root) : Sysfs.error(errno, path: root, operation: "watch")
    }
    // Best effort: a machine without /dev (a test tree, a container) still has the root's watch.
    _ = inotify_add_watch(fd, watcher.system.deviceDirectory, Self.directoryEvents)
    var tracker = self.tracker
    try look(&tracker)
    var buffer = [UInt8](repeating: 0, count: 4096)
    var polls = PollSet()
    polls.add(fd, events: POLLIN)
    let woken = polls.add(wake.descriptor, events: POLLIN)
    while true {
      switch polls.wait(timeout: tracker.phase == .settling ? watcher.settleTime : nil) {
      case .failed(let code):
        throw .systemCallFailed(path: root, operation: "poll", errno: code)
      case .timedOut:
        try look(&tracker)
        continue
      case .ready:
        if polls.isReady(woken) { return }
      }
      // Drain every queued event; which entry changed does not matter, only that one did.
      while true {
        let count = buffer.withUnsafeMutableBytes { raw in read(fd, raw.baseAddress, raw.count) }
        if count > 0 { continue }
        if count < 0 && errno == EINTR { continue }
        break
      }
      tracker.noticed()
    }
  }

  /// Scans the root and reports what changed since the last look.
  private func look(_ tracker: inout DeviceSetTracker) throws(IIOError) {
    let found = try watcher.system.scan()
    // The kernel gives every IIO device a `name` attribute; an entry without one (its name falls
    // back to the entry's) is still being written, or half gone (seen under umockdev when a
    // device is unplugged): not a device yet, looked at again after the next quiet spell.
    let formed = found.devices.filter { $0.name != $0.id }
    let unreadable = Set(
      found.skipped.map(\.id) + found.devices.filter { $0.name == $0.id }.map(\.id))
    for change in tracker.looked(at: formed, unreadable: unreadable) {
      continuation.yield(change)
    }
  }
}
