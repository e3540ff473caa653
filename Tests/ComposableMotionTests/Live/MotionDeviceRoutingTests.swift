import ComposableStore
import LinuxIIO
import SensorsTestSupport
import Testing

@testable import ComposableMotion

@Suite("Choosing devices: several IMUs, incomplete sensors, skipped devices")
struct MotionDeviceRoutingTests {
  /// A polled IMU with accel (and optionally gyro) x/y/z, labelled as firmware would.
  static func imu(_ tree: SysfsTree, _ index: Int, name: String, label: String?, gyro: Bool = true)
    throws
  {
    let dir = "iio:device\(index)"
    try tree.write(dir + "/name", name + "\n")
    if let label { try tree.write(dir + "/label", label + "\n") }
    var types = ["accel"]
    if gyro { types.append("anglvel") }
    for type in types {
      try tree.write(dir + "/in_\(type)_scale", "0.001\n")
      for (axis, raw) in zip(["x", "y", "z"], [index, 0, 9807]) {
        try tree.write(dir + "/in_\(type)_\(axis)_raw", "\(raw)\n")
      }
    }
  }

  @Test("Two IMUs: the selection picks by label, and the routing says which it chose")
  func chooseByLabel() async throws {
    let tree = try SysfsTree()
    try Self.imu(tree, 0, name: "bmi160", label: "body-imu")
    try Self.imu(tree, 1, name: "bmi160", label: "head-imu")
    let head = MotionDeviceRouting(
      root: tree.root, deviceDirectory: tree.devDirectory, devices: .labeled("head-imu"))
    #expect(head.devices[.accelerometer]?.id == "iio:device1")
    #expect(head.devices[.gyro]?.id == "iio:device1")
    #expect(head.description.contains("accelerometer: bmi160 \"head-imu\" (iio:device1, polled)"))
    #expect(
      MotionDeviceRouting(root: tree.root, devices: .any).devices[.accelerometer]?.id
        == "iio:device0")
    #expect(MotionDeviceRouting(root: tree.root, devices: .index(1)).devices[.gyro]?.index == 1)

    // The client reads the chosen one: x carries the device index (1 mg per count).
    let clock = ContinuousClock()
    let motion = MotionClient.live(
      root: tree.root, deviceDirectory: tree.devDirectory, mode: .polling,
      devices: .named("head-imu"), clock: clock)
    await motion.create(id: "m")
    var updates = motion.startAccelerometerUpdates(id: "m").makeAsyncIterator()
    let sample = try #require(try await updates.next())
    #expect(abs(sample.acceleration.x - -0.001 / 9.80665) < 1e-9)
    await motion.destroy(id: "m")
  }

  @Test("A two-axis gyroscope (ADXRS290) is not used, and the error says why")
  func twoAxisGyro() async throws {
    let tree = try SysfsTree()
    try Self.imu(tree, 0, name: "adxl345", label: nil, gyro: false)
    try tree.write("iio:device1/name", "adxrs290\n")
    try tree.write("iio:device1/in_anglvel_scale", "0.000087266\n")
    try tree.write("iio:device1/in_anglvel_x_raw", "12\n")
    try tree.write("iio:device1/in_anglvel_y_raw", "-3\n")
    let routing = MotionDeviceRouting(root: tree.root)
    let expected = MotionError.sensorIncomplete(
      .gyro, device: "adxrs290 (iio:device1)", axes: [.x, .y])
    #expect(routing.devices[.gyro] == nil)
    #expect(routing.unavailable[.gyro] == expected)
    #expect(expected.description.contains("only x, y axes"))

    let motion = MotionClient.live(root: tree.root, deviceDirectory: tree.devDirectory)
    await motion.create(id: "m")
    #expect(!motion.isAvailable(.gyro))
    await #expect(throws: expected) {
      for try await _ in motion.startGyroUpdates(id: "m") {}
    }
    await motion.destroy(id: "m")
  }

  @Test("A sensor missing because its device was skipped names the device and the typed cause")
  func skippedDeviceInError() async throws {
    let tree = try SysfsTree()
    try Self.imu(tree, 0, name: "bmi160", label: nil)
    try tree.write("iio:device0/in_accel_scale", "garbage\n")
    let routing = MotionDeviceRouting(root: tree.root)
    guard
      case .sensorUnavailable(.accelerometer, _, let skipped) = routing.unavailable[.accelerometer]
    else {
      Issue.record("expected sensorUnavailable, got \(String(describing: routing.unavailable))")
      return
    }
    #expect(skipped.map(\.id) == ["iio:device0"])
    guard case .malformedAttribute = skipped.first?.error else {
      Issue.record("expected a malformed attribute, got \(skipped)")
      return
    }
  }

  @Test("A missing root leaves every sensor unavailable, with rootNotFound as the reason")
  func missingRoot() {
    let routing = MotionDeviceRouting(root: "/nonexistent/iio")
    #expect(routing.devices.isEmpty)
    guard case .sensorUnavailable(_, _, let skipped) = routing.unavailable[.gyro] else {
      Issue.record("expected sensorUnavailable")
      return
    }
    #expect(skipped.first?.error == .rootNotFound(path: "/nonexistent/iio"))
  }

  @Test("Reference-frame errors carry frames, not their names")
  func frameError() {
    let error = MotionError.referenceFrameUnavailable(
      .xMagneticNorthZVertical, available: [.xArbitraryZVertical])
    #expect(error.description.contains("xMagneticNorthZVertical"))
    #expect(error.description.contains("available frames: xArbitraryZVertical"))
  }
}
