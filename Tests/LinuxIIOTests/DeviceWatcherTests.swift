import Foundation
import SensorsTestSupport
import Testing

@testable import LinuxIIO

@Suite("Hot-plug: devices appearing and vanishing under the root")
struct DeviceWatcherTests {
  /// Builds `fixture` as `directory` beside the tree, then moves it under the root in one
  /// rename, as the kernel makes a device visible whole.
  static func plug(
    _ fixture: String, from source: String = "iio:device0", as directory: String,
    into tree: SysfsTree
  ) throws {
    let staging = try SysfsTree()
    try staging.add(fixture: fixture, in: .module, renaming: [source: directory])
    try FileManager.default.moveItem(
      atPath: staging.root + "/" + directory, toPath: tree.root + "/" + directory)
  }

  @Test("The tracker reports removals, then additions, in index order")
  func trackerDiff() throws {
    let tree = try SysfsTree(fixtures: ["pyadi-adxl355"], in: .module)
    try tree.add(fixture: "pyadi-adxl345", in: .module, renaming: ["iio:device0": "iio:device1"])
    let both = try tree.system.scan().devices
    var tracker = DeviceSetTracker(known: [both[0]])
    tracker.noticed()
    #expect(tracker.phase == .settling)
    #expect(tracker.looked(at: both) == [.added(both[1])])
    #expect(tracker.phase == .idle)
    #expect(tracker.looked(at: both).isEmpty)
    // The same device with an attribute changed (a reader enabled its buffer) is no change.
    var enabled = both[0]
    enabled.buffer?.isEnabled = true
    #expect(tracker.looked(at: [enabled, both[1]]).isEmpty)
    // Another chip under a reused directory name is one device gone and another come.
    var other = both[1]
    other.index = 0
    #expect(tracker.looked(at: [other]) == [.removed(enabled), .removed(both[1]), .added(other)])
  }

  @Test("A device read while its attributes are being written has not vanished")
  func unreadableIsNotRemoved() throws {
    let tree = try SysfsTree(fixtures: ["pyadi-adxl355"], in: .module)
    let device = try tree.system.device(index: 0)
    var tracker = DeviceSetTracker(known: [device])
    #expect(tracker.looked(at: [], unreadable: ["iio:device0"]).isEmpty)
    #expect(tracker.phase == .settling, "it looks again after the next quiet spell")
    #expect(tracker.looked(at: [device]).isEmpty)
    #expect(tracker.phase == .idle)
    // It does not look again for ever: after the retries, it waits for the next change.
    for _ in 0..<DeviceSetTracker.retriesForUnreadable {
      _ = tracker.looked(at: [device], unreadable: ["iio:device9"])
    }
    #expect(tracker.looked(at: [device], unreadable: ["iio:device9"]).isEmpty)
    #expect(tracker.phase == .idle)
    #expect(tracker.looked(at: []) == [.removed(device)], "gone for good once its entry is gone")
  }

  @Test(
    "A device plugged in, then unplugged, is reported each time", .tags(.integration),
    .timeLimit(.minutes(1)))
  func plugAndUnplug() async throws {
    let tree = try SysfsTree(fixtures: ["pyadi-adxl355"], in: .module)
    let known = try tree.system.scan().devices
    let watch = IIODeviceWatcher(system: tree.system, settleTime: .milliseconds(20))
      .start(knowing: known)
    var changes = watch.changes.makeAsyncIterator()

    try Self.plug("forum-lsm6dsox", from: "iio:device1", as: "iio:device3", into: tree)
    let added = try await changes.next()
    #expect(added?.device.id == "iio:device3")
    #expect(added?.device.name == "lsm6dsox")
    guard case .added = added else {
      Issue.record("expected an addition, got \(String(describing: added))")
      return
    }

    try tree.remove("iio:device0")
    #expect(try await changes.next() == .removed(known[0]))
    await watch.close()
    #expect(watch.isReleased)
    #expect(try await changes.next() == nil, "closing finishes the stream normally")
  }

  @Test(
    "Without what the caller knew, every device present is reported as added", .tags(.integration))
  func initialLook() async throws {
    let tree = try SysfsTree(fixtures: ["pyadi-adxl355"], in: .module)
    let watch = IIODeviceWatcher(system: tree.system).start()
    var changes = watch.changes.makeAsyncIterator()
    #expect(try await changes.next() == .added(try tree.system.device(index: 0)))
    await watch.close()
  }

  @Test(
    "The root vanishing ends the stream with rootNotFound", .tags(.integration),
    .timeLimit(.minutes(1)))
  func rootRemoved() async throws {
    let tree = try SysfsTree(fixtures: ["pyadi-adxl355"], in: .module)
    let root = tree.root
    let watch = IIODeviceWatcher(system: tree.system, settleTime: .milliseconds(1))
      .start(knowing: try tree.system.scan().devices)
    try FileManager.default.removeItem(atPath: root)
    await #expect(throws: IIOError.rootNotFound(path: root)) {
      // The device may be reported removed first, as the tree empties.
      for try await _ in watch.changes {}
    }
    #expect(watch.isReleased)
  }

  @Test("A missing root fails at once, naming it")
  func missingRoot() async {
    let watch = IIODeviceWatcher(system: IIOSystem(root: "/nonexistent/iio")).start()
    await #expect(throws: IIOError.rootNotFound(path: "/nonexistent/iio")) {
      for try await _ in watch.changes {}
    }
  }
}
