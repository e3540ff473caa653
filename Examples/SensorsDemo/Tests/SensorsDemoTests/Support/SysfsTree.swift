import Foundation

/// A sysfs tree in a temporary directory laid out as the kernel lays out
/// `/sys/bus/iio/devices`, for running `sensors-demo --iio-root` against.
struct SysfsTree {
  let root: URL

  /// A tree with one polled accelerometer, `iio:device0`, lying flat and face up: the kernel's
  /// sign, so z reads +1 g (raw 1000 × 0.00980665 m/s²).
  static func flatAccelerometer() throws -> SysfsTree {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sensors-demo-iio-\(UUID())")
    let device = root.appendingPathComponent("iio:device0")
    try FileManager.default.createDirectory(at: device, withIntermediateDirectories: true)
    let attributes = [
      "name": "test-accel",
      "in_accel_scale": "0.00980665",
      "in_accel_x_raw": "0",
      "in_accel_y_raw": "0",
      "in_accel_z_raw": "1000",
      "sampling_frequency": "100",
    ]
    for (name, value) in attributes {
      try Data((value + "\n").utf8).write(to: device.appendingPathComponent(name))
    }
    return SysfsTree(root: root)
  }

  func remove() {
    try? FileManager.default.removeItem(at: root)
  }
}
