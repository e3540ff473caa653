import Foundation
import LinuxIIO
import SensorsTestKit
import SensorsTestSupport
import Testing

/// The library against umockdev: real devices' attributes at the real `/sys/bus/iio/devices`
/// path and a real captured stream played through `/dev/iio:device0`.
///
/// Each test here starts `umockdev-run` on this same test binary, filtered to the matching test
/// in ``UmockdevChildTests``, which does the reading. CI installs umockdev; without it these
/// tests are skipped with the command to install it.
@Suite(
  "umockdev integration", .tags(.integration),
  .enabled(
    if: ChildProcess.executable("umockdev-run") != nil,
    "umockdev-run is not installed: `sudo apt-get install umockdev` to run the IIO integration tests"
  ))
struct UmockdevTests {
  static func runUnderUmockdev(_ fixture: String, script: String? = nil, test: String)
    async throws
  {
    guard let umockdev = ChildProcess.executable("umockdev-run") else { return }
    var wrapper = [umockdev, "-d", try UmockdevDescription.url(fixture, in: .module).path]
    if let script {
      wrapper += [
        "-s",
        "/dev/iio:device0="
          + (try UmockdevDescription.url(script, extension: "script", in: .module).path),
      ]
    }
    let outcome = try await ChildProcess.run(
      wrapper: wrapper + ["--"], test: "LinuxIIOTests.UmockdevChildTests/" + test, mode: "umockdev")
    #expect(outcome.passed, "child test \(test) under umockdev-run failed:\n\(outcome.output)")
  }

  @Test("Discovery at the default root finds the ADXL355 as the kernel would show it")
  func discovery() async throws {
    try await Self.runUnderUmockdev("pyadi-adxl355", test: "discovery()")
  }

  @Test("Polling the LSM6DSOX at the default root")
  func polling() async throws {
    try await Self.runUnderUmockdev("forum-lsm6dsox", test: "polling()")
  }

  @Test("Malformed values and unknown scan types at the default root are typed errors")
  func faults() async throws {
    try await Self.runUnderUmockdev("pyadi-adxl355", test: "faults()")
  }

  @Test("A device removed from /sys while polling ends the stream with deviceRemoved")
  func removedWhilePolling() async throws {
    try await Self.runUnderUmockdev("forum-lsm6dsox", test: "removedWhilePolling()")
  }

  @Test("A buffered stream of the real HID capture replayed through /dev/iio:device0")
  func bufferedStream() async throws {
    try await Self.runUnderUmockdev(
      "isp-iio-buffer-accel", script: "isp-orientation-left-up", test: "bufferedStream()")
  }
}

/// The halves of ``UmockdevTests`` that run inside `umockdev-run`; skipped in a normal run.
@Suite(
  "umockdev integration (child side)", .tags(.integration),
  .enabled(
    if: ChildProcess.isChild("umockdev"),
    "runs only inside umockdev-run, started by the umockdev integration tests"))
struct UmockdevChildTests {
  @Test func discovery() throws {
    let system = IIOSystem()
    let device = try system.firstDevice(measuring: .accel)
    #expect(device.path == "/sys/bus/iio/devices/iio:device0")
    #expect(device.deviceNode == "/dev/iio:device0")
    #expect(device.name == "adxl355")
    #expect(device.channel("in_accel_x")?.scanElement?.type.description == "be:s20/32>>4")
    #expect(device.buffer?.length == 128)
    #expect(try system.defaultTrigger(for: device)?.name == "adxl355-dev0")
  }

  @Test func polling() throws {
    let device = try IIOSystem().firstDevice(measuring: .anglvel)
    let reader = try IIOPollingReader(
      device: device, channels: device.channels(ofType: .accel) + device.channels(ofType: .anglvel),
      interval: .milliseconds(10))
    let sample = try reader.read()
    #expect(abs((sample.vector(.accel)?.z ?? 0) - 16324 * 0.000598205) < 1e-9)
    #expect(abs((sample.vector(.anglvel)?.x ?? 0) - -17 * 0.000152716) < 1e-12)
  }

  @Test func bufferedStream() async throws {
    let system = IIOSystem()
    let device = try system.firstDevice(measuring: .accel)
    let reader = try IIOBufferedReader(device: device, channels: device.channels(ofType: .accel))
    var xs: [Double] = []
    var timestamps: [Int64] = []
    let read = reader.start()
    for try await sample in read.samples {
      xs.append(sample["in_accel_x"] ?? .nan)
      timestamps.append(sample.timestamp.nanoseconds)
      if xs.count == 15 { break }
    }
    #expect(xs == [173, 162, 135, 273, 338, 374, 435, 488, 526, 598, 766, 907, 1024, 961, 840])
    #expect(timestamps.first == 0x165B_FC09_4822_8B6F)
    await read.close()
    #expect(try TestFiles.read("/sys/bus/iio/devices/iio:device0/buffer/enable") == "0")
    #expect(
      try TestFiles.read("/sys/bus/iio/devices/iio:device0/scan_elements/in_accel_x_en") == "0")
  }
}

extension UmockdevChildTests {
  @Test func removedWhilePolling() async throws {
    let device = try IIOSystem().firstDevice(measuring: .accel)
    let clock = TestClock()
    let reader = try IIOPollingReader(
      device: device, channels: device.channels(ofType: .accel), interval: .milliseconds(10),
      clock: clock)
    var samples = reader.samples().makeAsyncIterator()
    let first = try await samples.next()
    #expect(first?["in_accel_z"] == 16324 * 0.000598205)
    // What the kernel does on unbind: the device directory goes, the bus link dangles.
    // rm (through umockdev's preload) rather than FileManager, whose calls umockdev does not
    // all redirect into the testbed.
    let rm = try Process.run(
      URL(fileURLWithPath: "/bin/rm"),
      arguments: ["-rf", "/sys/devices/platform/i2c-7/7-006a/iio:device1"])
    rm.waitUntilExit()
    #expect(rm.terminationStatus == 0)
    await clock.advance(by: .milliseconds(10))
    await #expect(throws: IIOError.deviceRemoved(path: "/sys/bus/iio/devices/iio:device1")) {
      _ = try await samples.next()
    }
  }

  @Test func faults() throws {
    let base = "/sys/bus/iio/devices/iio:device0"
    let system = IIOSystem()
    let device = try system.device(index: 0)
    let reader = try IIOPollingReader(
      device: device, channels: device.channels(ofType: .accel), interval: .seconds(1))
    try "12.5.3\n".write(toFile: base + "/in_accel_y_raw", atomically: false, encoding: .utf8)
    #expect(
      throws: IIOError.malformedAttribute(
        path: base + "/in_accel_y_raw", value: "12.5.3", expected: "a decimal number")
    ) {
      try reader.read()
    }
    try "be:s20/32>>4junk\n".write(
      toFile: base + "/scan_elements/in_accel_z_type", atomically: false, encoding: .utf8)
    #expect(
      throws: IIOError.unknownScanType(
        path: base + "/scan_elements/in_accel_z_type", value: "be:s20/32>>4junk\n")
    ) {
      try system.devices()
    }
  }
}

enum TestFiles {
  static func read(_ path: String) throws -> String { try SysfsTree.read(path) }

  static func isDirectoryPath(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }
}
