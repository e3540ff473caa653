import LinuxIIO
import SensorsTestSupport
import Testing

@Suite("Buffered reader: unsigned 64-bit elements")
struct BufferedUnsigned64Tests {
  @Test("A le:u64/64 channel of 2^64 - 2 arrives as that positive number, not as -2")
  func unsigned64Sample() async throws {
    let tree = try SysfsTree(fixtures: ["isp-iio-buffer-accel"], in: .module)
    try tree.write("iio:device0/scan_elements/in_accel_x_type", "le:u64/64>>0\n")
    let node = try FakeCharacterDevice(tree: tree)
    let device = try tree.system.device(index: 0)
    let reader = try IIOBufferedReader(device: device, channels: device.channels(ofType: .accel))
    // x (8 bytes) at 0, y and z (le:s16/32) at 8 and 12, the timestamp at 16: 24 bytes.
    #expect(reader.layout.elements.map(\.offset) == [0, 8, 12, 16])
    let scan: [UInt8] =
      [0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF] + [0xFF, 0xFF, 0, 0] + [5, 0, 0, 0]
      + [0, 0xCA, 0x9A, 0x3B, 0, 0, 0, 0]
    let feeder = BufferedReaderTests.feed(
      scan, to: node.fd, after: tree.root + "/iio:device0/buffer/enable")
    let read = reader.start()
    var received: IIOSample?
    for try await sample in read.samples {
      received = sample
      break
    }
    await read.close()
    #expect(try await feeder.value)
    let sample = try #require(received)
    #expect(sample["in_accel_x"] == Double(UInt64.max - 1))
    #expect(sample["in_accel_y"] == -1)
    #expect(sample["in_accel_z"] == 5)
    #expect(sample.timestamp.nanoseconds == 1_000_000_000)
  }
}
