import Foundation
import LinuxIIO
import SensorsTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The sysfs questions a client asks about a device found earlier, answered by LinuxIIO so the
/// client never builds a path.
@Suite("Device presence and settable attributes")
struct DevicePresenceTests {
  @Test("A device is present while its directory stays with the same name")
  func presence() throws {
    let tree = try SysfsTree(fixtures: ["pyadi-adxl355"], in: .module)
    let device = try #require(try tree.system.devices().first)
    #expect(device.isPresent())
    try tree.write("iio:device0/name", "bmi160\n")
    #expect(!device.isPresent(), "another chip took iio:device0")
    try tree.write("iio:device0/name", "adxl355\n")
    #expect(device.isPresent())
    try tree.remove("iio:device0")
    #expect(!device.isPresent())
  }

  @Test("A failure is the device's removal only once its directory is gone")
  func removal() throws {
    let tree = try SysfsTree(fixtures: ["pyadi-adxl355"], in: .module)
    let device = try #require(try tree.system.devices().first)
    let failed = IIOError.systemCallFailed(path: device.deviceNode, operation: "read", errno: EIO)
    #expect(device.explainingRemoval(failed) == failed)
    try tree.remove("iio:device0")
    #expect(device.explainingRemoval(failed) == .deviceRemoved(path: device.path))
    let busy = IIOError.deviceBusy(path: device.path + "/buffer/enable")
    #expect(device.explainingRemoval(busy) == busy, "an error that already says what happened")
  }

  @Test("The timestamp clock can be chosen only where the attribute exists")
  func timestampClock() throws {
    let tree = try SysfsTree(fixtures: ["pyadi-adxl355"], in: .module)
    let device = try #require(try tree.system.devices().first)
    try tree.write("iio:device0/current_timestamp_clock", "realtime\n")
    #expect(device.canChooseTimestampClock())
    try tree.remove("iio:device0/current_timestamp_clock")
    #expect(!device.canChooseTimestampClock())
  }

  @Test("A buffer length without a write bit is not writable")
  func lengthWritable() throws {
    let tree = try SysfsTree(fixtures: ["pyadi-adxl355"], in: .module)
    let device = try #require(try tree.system.devices().first)
    let buffer = try #require(device.buffer)
    #expect(buffer.isLengthWritable())
    #expect(chmod(buffer.directory + "/length", 0o444) == 0)
    #expect(!buffer.isLengthWritable(), "even for root, whom access(W_OK) would let through")
  }
}
