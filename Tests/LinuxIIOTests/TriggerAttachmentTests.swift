import Foundation
import LinuxIIO
import SensorsTestSupport
import Testing

@Suite("Automatic trigger: attach one when none is set, keep one that is, put it back")
struct TriggerAttachmentTests {
  /// The HID accel_3d without its own trigger, beside another device's trigger, a sysfs
  /// trigger and an hrtimer trigger (as configfs makes them: a directory with
  /// `sampling_frequency`).
  static func treeWithoutOwnTrigger() throws -> SysfsTree {
    let tree = try SysfsTree(fixtures: ["isp-iio-buffer-accel"], in: .module)
    try tree.remove("trigger0")
    try tree.write("trigger1/name", "adxl355-dev3\n")
    try tree.write("trigger1/sampling_frequency", "1000\n")
    try tree.write("trigger2/name", "sysfstrig0\n")
    try tree.write("trigger2/trigger_now", "")
    try tree.write("trigger3/name", "imu-timer\n")
    try tree.write("trigger3/sampling_frequency", "200\n")
    return tree
  }

  @Test(
    "The device's own trigger first, then an hrtimer, then a sysfs trigger; never another device's")
  func preference() throws {
    let own = try SysfsTree(fixtures: ["isp-iio-buffer-accel"], in: .module)
    #expect(
      try own.system.attachableTrigger(for: own.system.device(index: 0))?.name == "accel_3d-dev0")

    let tree = try Self.treeWithoutOwnTrigger()
    let device = try tree.system.device(index: 0)
    #expect(try tree.system.attachableTrigger(for: device)?.name == "imu-timer")
    try tree.remove("trigger3")
    #expect(try tree.system.attachableTrigger(for: device)?.name == "sysfstrig0")
    try tree.remove("trigger2")
    #expect(try tree.system.attachableTrigger(for: device) == nil, "adxl355-dev3 is not ours")
  }

  @Test(
    "A read attaches the hrtimer trigger when none is set, and detaches it when it stops",
    .tags(.integration))
  func attachesAndRestores() async throws {
    let tree = try Self.treeWithoutOwnTrigger()
    let node = try FakeCharacterDevice(tree: tree)
    let device = try tree.system.device(index: 0)
    let reader = try IIOBufferedReader(device: device, channels: device.channels(ofType: .accel))
    let read = reader.start()
    let current = tree.root + "/iio:device0/trigger/current_trigger"
    let enable = tree.root + "/iio:device0/buffer/enable"
    await waitUntil("the reader enables the buffer") { try SysfsTree.read(enable) == "1" }
    #expect(try SysfsTree.read(current) == "imu-timer")
    try node.write(
      Array(try UmockdevDescription.bytes("isp-orientation-left-up", in: .module).prefix(24)))
    var iterator = read.samples.makeAsyncIterator()
    #expect(try await iterator.next()?.vector(.accel) == IIOVector(x: 173, y: -829, z: -581))
    await read.close()
    #expect(try SysfsTree.read(current) == "")
    #expect(try tree.read("trigger3/name") == "imu-timer")
  }

  @Test(
    "A trigger someone already set is kept, and is still set after the read", .tags(.integration))
  func keepsCurrentTrigger() async throws {
    let tree = try Self.treeWithoutOwnTrigger()
    try tree.write("iio:device0/trigger/current_trigger", "sysfstrig0\n")
    let node = try FakeCharacterDevice(tree: tree)
    let device = try tree.system.device(index: 0)
    let reader = try IIOBufferedReader(device: device, channels: device.channels(ofType: .accel))
    let read = reader.start()
    let enable = tree.root + "/iio:device0/buffer/enable"
    await waitUntil("the reader enables the buffer") { try SysfsTree.read(enable) == "1" }
    #expect(try tree.read("iio:device0/trigger/current_trigger") == "sysfstrig0")
    await read.close()
    #expect(try tree.read("iio:device0/trigger/current_trigger") == "sysfstrig0")
    _ = node
  }
}
