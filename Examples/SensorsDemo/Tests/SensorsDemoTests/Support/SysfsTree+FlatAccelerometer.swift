import SensorsTestSupport

extension SysfsTree {
  /// A tree with one polled accelerometer, `iio:device0`, lying flat and face up: the kernel's
  /// sign, so z reads +1 g (raw 1000 × 0.00980665 m/s²). Run `sensors-demo --iio-root` on
  /// its ``root``.
  static func flatAccelerometer() throws -> SysfsTree {
    let tree = try SysfsTree()
    let attributes = [
      "name": "test-accel",
      "in_accel_scale": "0.00980665",
      "in_accel_x_raw": "0",
      "in_accel_y_raw": "0",
      "in_accel_z_raw": "1000",
      "sampling_frequency": "100",
    ]
    for (name, value) in attributes {
      try tree.write("iio:device0/" + name, value + "\n")
    }
    return tree
  }
}
