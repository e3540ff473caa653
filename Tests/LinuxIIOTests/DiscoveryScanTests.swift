import LinuxIIO
import SensorsTestSupport
import Testing

@Suite("Discovery in one pass: devices, the ones skipped and why, triggers")
struct DiscoveryScanTests {
  @Test("One malformed device is skipped with its typed error; the healthy ones are still found")
  func skipsMalformedDevice() throws {
    let tree = try SysfsTree(fixtures: ["forum-lsm6dsox"], in: .module)  // iio:device1
    try tree.add(fixture: "pyadi-adxl355", in: .module, renaming: ["iio:device0": "iio:device5"])
    try tree.add(fixture: "pyadi-adxl345", in: .module, renaming: ["iio:device0": "iio:device0"])
    try tree.write("iio:device1/in_accel_scale", "0.000598205garbage\n")
    let found = try tree.system.scan()
    #expect(found.devices.map(\.id) == ["iio:device0", "iio:device5"])
    #expect(
      found.skipped == [
        IIODiscovery.Skipped(
          id: "iio:device1", path: tree.root + "/iio:device1",
          error: .malformedAttribute(
            path: tree.root + "/iio:device1/in_accel_scale", value: "0.000598205garbage",
            expected: "a decimal number"))
      ])
    #expect(found.skipped[0].description.hasPrefix("iio:device1 skipped: Malformed value"))
    // The tolerant look-ups pass over the bad device; the strict list still names it.
    #expect(try tree.system.device(named: "adxl355").id == "iio:device5")
    #expect(throws: IIOError.self) { try tree.system.devices() }
  }

  @Test("A missing root is the only thing scan() throws")
  func missingRoot() {
    #expect(throws: IIOError.rootNotFound(path: "/nonexistent/iio")) {
      try IIOSystem(root: "/nonexistent/iio").scan()
    }
  }

  @Test("Devices measuring a type: those that can stream come first")
  func streamingFirst() throws {
    let tree = try SysfsTree(fixtures: ["isp-iio-poll-accel"], in: .module)
    try tree.add(
      fixture: "isp-iio-buffer-accel", in: .module, renaming: ["iio:device0": "iio:device3"])
    let found = try tree.system.scan()
    #expect(found.devices(measuring: .accel).map(\.id) == ["iio:device3", "iio:device0"])
    #expect(found.triggers.map(\.name).contains("accel_3d-dev0"))
  }

  @Test("A device's resolved location is its real sysfs directory")
  func location() throws {
    let tree = try SysfsTree(fixtures: ["pyadi-adxl355"], in: .module)
    let device = try tree.system.device(index: 0)
    #expect(device.resolvedLocation().hasSuffix("/iio:device0"))
    #expect(!device.resolvedLocation().contains("/../"))
  }
}
