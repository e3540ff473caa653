import Foundation
import Glibc
import LinuxIIO
import SensorsTestSupport
import Testing

@Suite("Buffered reader", .tags(.integration))
struct BufferedReaderTests {
  /// The HID accel_3d with a FIFO as its character device.
  struct HIDSensor {
    let tree: SysfsTree
    let node: FakeCharacterDevice
    let device: IIODevice
    var enablePath: String { tree.root + "/iio:device0/buffer/enable" }

    init() throws {
      tree = try SysfsTree(fixtures: ["isp-iio-buffer-accel"], in: .module)
      node = try FakeCharacterDevice(tree: tree)
      device = try tree.system.device(index: 0)
    }
  }

  /// Once the reader has enabled the buffer, writes `bytes` into the character device in
  /// `chunk`-byte pieces, as a device delivering scans at its own pace would.
  static func feed(_ bytes: [UInt8], to fd: Int32, after enablePath: String, chunk: Int = 24)
    -> Task<Bool, any Error>
  {
    Task {
      guard
        await waitUntil("the reader enables the buffer", { try SysfsTree.read(enablePath) == "1" })
      else { return false }
      for start in stride(from: 0, to: bytes.count, by: chunk) {
        try FakeCharacterDevice.write(Array(bytes[start..<min(start + chunk, bytes.count)]), to: fd)
      }
      return true
    }
  }

  @Test(
    "Streams the real capture: masked values, kernel timestamps, then puts the device back as it was"
  )
  func streamsCapture() async throws {
    let sensor = try HIDSensor()
    let reader = try IIOBufferedReader(
      device: sensor.device, channels: sensor.device.channels(ofType: .accel))
    #expect(reader.layout.scanSize == 24)
    let feeder = Self.feed(
      try UmockdevDescription.bytes("isp-orientation-left-up", in: .module), to: sensor.node.fd,
      after: sensor.enablePath)

    var samples: [IIOSample] = []
    let read = reader.start()
    for try await sample in read.samples {
      if samples.isEmpty {
        #expect(try sensor.tree.read("iio:device0/trigger/current_trigger") == "accel_3d-dev0")
        for element in ["in_accel_x_en", "in_accel_y_en", "in_accel_z_en", "in_timestamp_en"] {
          #expect(try sensor.tree.read("iio:device0/scan_elements/" + element) == "1", "\(element)")
        }
      }
      samples.append(sample)
      if samples.count == 15 { break }
    }
    #expect(try await feeder.value)
    #expect(samples.first?.vector(.accel) == IIOVector(x: 173, y: -829, z: -581))
    #expect(samples.last?.vector(.accel) == IIOVector(x: 840, y: -238, z: -201))
    #expect(
      samples.first?.timestamp == IIOTimestamp(nanoseconds: 0x165B_FC09_4822_8B6F, clock: .realtime)
    )
    #expect(zip(samples, samples.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
    // Closing the read stops the reader's thread and returns once it has released the device:
    // the buffer is off, every attribute is back and every descriptor is closed.
    await read.close()
    #expect(read.isReleased)
    #expect(try sensor.tree.read("iio:device0/buffer/enable") == "0")
    #expect(try sensor.tree.read("iio:device0/trigger/current_trigger") == "")
    #expect(try sensor.tree.read("iio:device0/scan_elements/in_accel_x_en") == "0")
    #expect(try sensor.tree.read("iio:device0/scan_elements/in_timestamp_en") == "1")
    #expect(sensor.tree.openDescriptors(excluding: [sensor.node.fd]) == 0)
  }

  @Test("Scans split across reads (7 bytes at a time) are reassembled")
  func partialReads() async throws {
    let sensor = try HIDSensor()
    let reader = try IIOBufferedReader(
      device: sensor.device, channels: sensor.device.channels(ofType: .accel))
    let capture = try UmockdevDescription.bytes("isp-orientation-left-up", in: .module)
    let feeder = Self.feed(capture, to: sensor.node.fd, after: sensor.enablePath, chunk: 7)
    var xs: [Double] = []
    for try await sample in reader.samples() {
      xs.append(sample["in_accel_x"] ?? .nan)
      if xs.count == 15 { break }
    }
    #expect(try await feeder.value)
    #expect(xs == [173, 162, 135, 273, 338, 374, 435, 488, 526, 598, 766, 907, 1024, 961, 840])
  }

  @Test(
    "ADXL355 over the buffer: 20-bit big-endian values scaled to m/s², watermark and length set then restored"
  )
  func adxl355() async throws {
    let tree = try SysfsTree(fixtures: ["pyadi-adxl355"], in: .module)
    let node = try FakeCharacterDevice(tree: tree)
    let device = try tree.system.device(index: 0)
    let configuration = IIOBufferConfiguration(length: 64, watermark: 4, timestampClock: .boottime)
    let reader = try IIOBufferedReader(
      device: device, channels: device.channels(ofType: .accel), configuration: configuration)
    var scan: [UInt8] = []
    for raw in [-4641, -2198, 257934] as [Int32] {
      let word = (UInt32(bitPattern: raw) & 0xFFFFF) << 4
      scan += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> $0) }
    }
    scan += [0, 0, 0, 0, 0x00, 0xCA, 0x9A, 0x3B, 0, 0, 0, 0]
    let feeder = Self.feed(scan, to: node.fd, after: tree.root + "/iio:device0/buffer/enable")
    var received: IIOSample?
    let read = reader.start()
    for try await sample in read.samples {
      #expect(try tree.read("iio:device0/buffer/length") == "64")
      #expect(try tree.read("iio:device0/buffer/watermark") == "4")
      #expect(try tree.read("iio:device0/current_timestamp_clock") == "boottime")
      received = sample
      break
    }
    #expect(try await feeder.value)
    let accel = try #require(received?.vector(.accel))
    #expect(abs(accel.x - -4641 * 0.000038245) < 1e-12)
    #expect(abs(accel.z - 257934 * 0.000038245) < 1e-12)
    #expect(received?.timestamp == IIOTimestamp(nanoseconds: 1_000_000_000, clock: .boottime))
    await read.close()
    #expect(try tree.read("iio:device0/buffer/length") == "128")
    #expect(try tree.read("iio:device0/buffer/watermark") == "1")
    #expect(try tree.read("iio:device0/current_timestamp_clock") == "realtime")
  }

  @Test("Without the timestamp element, scans are 12 bytes and stamped on boottime when read")
  func withoutTimestamp() async throws {
    let sensor = try HIDSensor()
    let reader = try IIOBufferedReader(
      device: sensor.device, channels: sensor.device.channels(ofType: .accel),
      configuration: IIOBufferConfiguration(includesTimestamp: false))
    #expect(reader.layout.scanSize == 12)
    let feeder = Self.feed(
      [0xAD, 0, 0xC3, 0xFC, 0xC3, 0xFC, 0xBB, 0xFD, 0xBB, 0xFD, 0, 0], to: sensor.node.fd,
      after: sensor.enablePath)
    let read = reader.start()
    for try await sample in read.samples {
      #expect(try sensor.tree.read("iio:device0/scan_elements/in_timestamp_en") == "0")
      #expect(sample.vector(.accel) == IIOVector(x: 173, y: -829, z: -581))
      #expect(sample.timestamp.clock == .boottime)
      break
    }
    #expect(try await feeder.value)
    await read.close()
    #expect(try sensor.tree.read("iio:device0/scan_elements/in_timestamp_en") == "1")
  }

  @Test(
    "A device unplugged while streaming ends the stream with deviceRemoved, and is still put back")
  func unplugged() async throws {
    let sensor = try HIDSensor()
    let reader = try IIOBufferedReader(
      device: sensor.device, channels: sensor.device.channels(ofType: .accel))
    let capture = try UmockdevDescription.bytes("isp-orientation-left-up", in: .module)
    let feeder = Self.feed(Array(capture[0..<48]), to: sensor.node.fd, after: sensor.enablePath)
    var count = 0
    do {
      for try await _ in reader.samples() {
        count += 1
        if count == 2 { sensor.node.unplug() }
      }
      Issue.record("the stream ended without an error")
    } catch {
      #expect(error as? IIOError == .deviceRemoved(path: sensor.device.deviceNode))
    }
    #expect(try await feeder.value)
    #expect(count == 2)
    #expect(try sensor.tree.read("iio:device0/buffer/enable") == "0")
    #expect(try sensor.tree.read("iio:device0/scan_elements/in_accel_x_en") == "0")
    #expect(sensor.tree.openDescriptors() == 0)
  }

  @Test("A consumer that falls behind gets the newest samples; older ones are dropped, not queued")
  func slowConsumer() async throws {
    let sensor = try HIDSensor()
    let reader = try IIOBufferedReader(
      device: sensor.device, channels: sensor.device.channels(ofType: .accel),
      configuration: IIOBufferConfiguration(bufferingNewest: 2))
    let enablePath = sensor.enablePath
    let fd = sensor.node.fd
    let capture = try UmockdevDescription.bytes("isp-orientation-left-up", in: .module)
    let samples = reader.samples()
    // All 15 scans arrive and the device goes away before the consumer looks at anything.
    await waitUntil("the reader enables the buffer") { try SysfsTree.read(enablePath) == "1" }
    try FakeCharacterDevice.write(capture, to: fd)
    sensor.node.unplug()
    await waitUntil("the reader disables the buffer") { try SysfsTree.read(enablePath) == "0" }
    var xs: [Double] = []
    do {
      for try await sample in samples { xs.append(sample["in_accel_x"] ?? .nan) }
    } catch {
      #expect(error as? IIOError == .deviceRemoved(path: sensor.device.deviceNode))
    }
    #expect(xs == [961, 840])
  }

  @Test("A device removed while silent is noticed at the next liveness check")
  func removedWhileSilent() async throws {
    let sensor = try HIDSensor()
    let reader = try IIOBufferedReader(
      device: sensor.device, channels: sensor.device.channels(ofType: .accel),
      configuration: IIOBufferConfiguration(livenessCheckInterval: .milliseconds(20)))
    let enablePath = sensor.enablePath
    let devicePath = sensor.device.path
    // Once streaming, the device's sysfs directory disappears while the node stays open and
    // silent: what a real unbind looks like to a poller.
    let remover = Task {
      guard
        await waitUntil("the reader enables the buffer", { try SysfsTree.read(enablePath) == "1" })
      else { return false }
      try FileManager.default.removeItem(atPath: devicePath)
      return true
    }
    await #expect(throws: IIOError.deviceRemoved(path: sensor.device.deviceNode)) {
      for try await _ in reader.samples() {}
    }
    #expect(try await remover.value)
    #expect(sensor.tree.openDescriptors(excluding: [sensor.node.fd]) == 0)
  }

  @Test("A buffer another process already enabled is reported busy and left alone")
  func busy() async throws {
    let sensor = try HIDSensor()
    try sensor.tree.write("iio:device0/buffer/enable", "1\n")
    let reader = try IIOBufferedReader(
      device: sensor.device, channels: sensor.device.channels(ofType: .accel))
    await #expect(throws: IIOError.deviceBusy(path: sensor.device.path + "/buffer/enable")) {
      for try await _ in reader.samples() {}
    }
    #expect(try sensor.tree.read("iio:device0/buffer/enable") == "1")
    #expect(try sensor.tree.read("iio:device0/scan_elements/in_accel_x_en") == "0")
    #expect(sensor.tree.openDescriptors(excluding: [sensor.node.fd]) == 0)
  }

  @Test("A failure half-way through setup undoes what was already changed")
  func setupFailureRollsBack() async throws {
    let sensor = try HIDSensor()
    // A directory where buffer/length should be: writing it fails after the scan elements
    // and trigger were already set.
    try sensor.tree.remove("iio:device0/buffer/length")
    try sensor.tree.write("iio:device0/buffer/length/x", "")
    let reader = try IIOBufferedReader(
      device: sensor.device, channels: sensor.device.channels(ofType: .accel),
      configuration: IIOBufferConfiguration(length: 64))
    await #expect(throws: IIOError.self) {
      for try await _ in reader.samples() {}
    }
    #expect(try sensor.tree.read("iio:device0/scan_elements/in_accel_x_en") == "0")
    #expect(try sensor.tree.read("iio:device0/trigger/current_trigger") == "")
    #expect(try sensor.tree.read("iio:device0/buffer/enable") == "0")
  }

  @Test("No character device: a clear error that names it")
  func missingNode() async throws {
    let tree = try SysfsTree(fixtures: ["isp-iio-buffer-accel"], in: .module)
    let device = try tree.system.device(index: 0)
    let reader = try IIOBufferedReader(device: device, channels: device.channels(ofType: .accel))
    do {
      for try await _ in reader.samples() {}
      Issue.record("the stream ended without an error")
    } catch let error as IIOError {
      guard case .bufferUnsupported(_, let reason) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(reason.contains(device.deviceNode))
    }
  }

  @Test("Devices or channels that cannot stream are refused up front")
  func validation() throws {
    let tree = try SysfsTree(fixtures: ["pyadi-adxl345"], in: .module)
    let device = try tree.system.device(index: 0)
    #expect(
      throws: IIOError.bufferUnsupported(
        device: "adxl345", reason: "it has no buffer (no scan_elements directory)")
    ) {
      try IIOBufferedReader(device: device, channels: device.channels(ofType: .accel))
    }
    let sensor = try HIDSensor()
    #expect(throws: IIOError.noChannelsSelected(device: "accel_3d")) {
      try IIOBufferedReader(
        device: sensor.device, channels: sensor.device.channels(ofType: .timestamp))
    }
  }

  @Test("Asking for a trigger that does not exist names it")
  func unknownTrigger() async throws {
    let sensor = try HIDSensor()
    let reader = try IIOBufferedReader(
      device: sensor.device, channels: sensor.device.channels(ofType: .accel),
      configuration: IIOBufferConfiguration(trigger: .named("hrtimer-200hz")))
    await #expect(throws: IIOError.triggerNotFound(name: "hrtimer-200hz", device: "accel_3d")) {
      for try await _ in reader.samples() {}
    }
  }
}
