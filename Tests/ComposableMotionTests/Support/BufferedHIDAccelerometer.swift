import ComposableMotion
import ComposableSensorsTesting
import Foundation
import SensorsTestSupport
import Testing

/// iio-sensor-proxy's HID accelerometer with a buffer, laid out in a temporary sysfs tree, its
/// `/dev/iio:device0` a FIFO that the test fills with the real capture.
final class BufferedHIDAccelerometer {
  let tree: SysfsTree
  let fifo: FakeCharacterDevice
  /// The first captured scan's x in Core Motion units: 173 counts (the device has no scale,
  /// so IIO reports counts as m/s²) is −173 / 9.80665 g.
  static let firstX = -173 / 9.80665

  init() throws {
    tree = try SysfsTree(fixtures: ["isp-iio-buffer-accel"], in: .module)
    fifo = try FakeCharacterDevice(tree: tree)
  }

  /// Where the live client finds the device.
  var root: String { tree.root }
  /// Where the live client finds `iio:device0`.
  var devDirectory: String { tree.devDirectory }

  /// The live client over this device, as a user makes it, with manager `id` created and
  /// asking for every scan the device streams.
  func liveClient(manager id: String) async -> MotionClient {
    let motion = MotionClient.live(root: root, deviceDirectory: devDirectory, clock: TestClock())
    await motion.create(id: id)
    await motion.setUpdateInterval(id: id, sensor: .accelerometer, to: .microseconds(1))
    return motion
  }

  /// Writes the 15 captured 24-byte scans (or the first `count`) for the reader to read.
  func play(scans count: Int = 15) throws {
    let scans = try UmockdevDescription.bytes("isp-orientation-left-up", in: .module)
    try fifo.write(Array(scans.prefix(24 * count)))
  }

  /// Descriptors this process holds on the device's files, the test's own writer excluded.
  var readerDescriptors: Int { tree.openDescriptors(excluding: [fifo.fd]) }

  /// Whether `buffer/enable` reads 1.
  var isBufferEnabled: Bool {
    let enable = try? String(contentsOfFile: root + "/iio:device0/buffer/enable", encoding: .utf8)
    return enable?.hasPrefix("1") ?? false
  }
}
