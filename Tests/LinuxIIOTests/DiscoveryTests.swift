import LinuxIIO
import SensorsTestSupport
import Testing

@Suite("Discovery of devices, channels and triggers")
struct DiscoveryTests {
  @Test("ADXL355: accel and temp channels, buffer, timestamp scan element, own trigger")
  func adxl355() throws {
    let tree = try SysfsTree(fixtures: ["pyadi-adxl355"], in: .module)
    let devices = try tree.system.devices()
    #expect(devices.count == 1)
    let device = try #require(devices.first)
    #expect(device.name == "adxl355")
    #expect(device.id == "iio:device0")
    #expect(device.deviceNode == tree.devDirectory + "/iio:device0")
    #expect(
      device.channels.map(\.id) == [
        "in_accel_x", "in_accel_y", "in_accel_z", "in_temp", "in_timestamp",
      ])
    #expect(device.timestampClock == .realtime)

    let x = try #require(device.channel("in_accel_x"))
    #expect(x.type == .accel && x.axis == .x)
    #expect(x.scale == 0.000038245)
    #expect(x.samplingFrequency == 4000)
    #expect(x.scanElement?.type.description == "be:s20/32>>4")
    #expect(x.scanElement?.directory == device.path + "/scan_elements")

    let timestamp = try #require(device.channel("in_timestamp"))
    #expect(!timestamp.isPollable)
    #expect(timestamp.scanElement?.index == 4)

    #expect(
      device.buffer
        == IIOBufferInfo(
          directory: device.path + "/buffer", length: 128, watermark: 1, isEnabled: false))
    #expect(device.supportsBufferedReading(of: device.channels(ofType: .accel)))
    #expect(try tree.system.triggers().map(\.name) == ["adxl355-dev0"])
    #expect(try tree.system.defaultTrigger(for: device)?.name == "adxl355-dev0")
  }

  @Test("ADXL355 temperature: (raw + offset) × scale with the board's own offset, in m°C")
  func adxl355Temperature() throws {
    let tree = try SysfsTree(fixtures: ["pyadi-adxl355"], in: .module)
    let device = try tree.system.device(index: 0)
    let temp = try #require(device.channel("in_temp"))
    #expect(temp.offset == -2111.25)
    #expect(temp.scale == -110.497238)
    // (1838 - 2111.25) × -110.497238 ≈ 30193 m°C: a board at 30 °C.
    #expect(abs(temp.convert(raw: 1838) - 30193.370) < 0.001)
  }

  @Test("ADIS16480: magnetometer in gauss, pressure in kPa, indexed temperature")
  func adis16480() throws {
    let tree = try SysfsTree(fixtures: ["pyadi-adis16480"], in: .module)
    let device = try tree.system.device(named: "adis16480")
    #expect(device.channels(ofType: .magn).map(\.axis) == [.x, .y, .z])
    let magnX = try #require(device.channel("in_magn_x"))
    #expect(abs(magnX.convert(raw: 1320) - 0.132) < 1e-12)
    let pressure = try #require(device.channel("in_pressure0"))
    #expect(pressure.index == 0)
    // 1632814777 × 0.000000061 kPa ≈ 99.6 kPa: air pressure at the bench.
    #expect(abs(pressure.convert(raw: 1_632_814_777) - 99.6017) < 1e-3)
    #expect(device.channel("in_temp0")?.offset == 4425)
    #expect(device.samplingFrequency == 12.813)
    #expect(device.channels.filter { $0.scanElement != nil }.count == 12)
  }

  @Test("ADIS16505 (adis16475 driver): accel ≈ 1 g on z, gyro, delta angle and delta velocity")
  func adis16475() throws {
    let tree = try SysfsTree(fixtures: ["pyadi-adis16475"], in: .module)
    let device = try tree.system.device(named: "adis16505-2")
    #expect(device.measures(.deltaangl) && device.measures(.deltavelocity))
    let z = try #require(device.channel("in_accel_z"))
    // 262959468 × 0.000000037 m/s² ≈ 9.73 m/s²: the board lies flat.
    #expect(abs(z.convert(raw: 262_959_468) - 9.7295) < 1e-4)
    #expect(device.channel("in_temp0")?.scale == 100)
    #expect(device.channel("in_temp0")?.scanElement?.type.description == "be:s16/16>>0")
    // Gyro, accel, temperature and timestamp enabled: 6 × 4 + 2 bytes, then 8-aligned.
    let chosen =
      device.channels(ofType: .anglvel) + device.channels(ofType: .accel)
      + device.channels(ofType: .temp)
    let reader = try IIOBufferedReader(device: device, channels: chosen)
    #expect(reader.layout.elements.map(\.offset) == [0, 4, 8, 12, 16, 20, 24, 32])
    #expect(reader.layout.scanSize == 40)
  }

  @Test("ADXL345: poll only, with a list of accepted sampling frequencies")
  func adxl345() throws {
    let tree = try SysfsTree(fixtures: ["pyadi-adxl345"], in: .module)
    let device = try tree.system.firstDevice(measuring: .accel)
    #expect(device.buffer == nil)
    #expect(!device.supportsBufferedReading(of: device.channels(ofType: .accel)))
    #expect(device.availableSamplingFrequencies?.contains(3200) == true)
    #expect(device.channel("in_accel_z")?.samplingFrequency == 100)
    #expect(
      device.channel("in_accel_z")?.availableSamplingFrequencies
        == device.availableSamplingFrequencies)
  }

  @Test("A per-type range of sampling frequencies wins over the device's list")
  func perTypeFrequencies() throws {
    let tree = try SysfsTree(fixtures: ["pyadi-adxl345"], in: .module)
    try tree.write("iio:device0/in_accel_sampling_frequency_available", "[1 1 100]\n")
    let device = try tree.system.device(index: 0)
    #expect(
      device.channel("in_accel_x")?.availableSamplingFrequencies
        == .range(minimum: 1, step: 1, maximum: 100))
  }

  @Test("Orientation sensors: a quaternion channel and a gravity vector")
  func orientationChannels() throws {
    let tree = try SysfsTree()
    try tree.write("iio:device0/name", "dev_rotation\n")
    try tree.write("iio:device0/in_rot_quaternion_raw", "16384 0 0 0\n")
    try tree.write("iio:device0/in_rot_scale", "0.000061035\n")
    for axis in ["x", "y", "z"] {
      try tree.write("iio:device0/in_gravity_\(axis)_raw", axis == "z" ? "981\n" : "0\n")
    }
    try tree.write("iio:device0/in_gravity_scale", "0.01\n")
    let device = try tree.system.device(index: 0)
    #expect(device.channel("in_rot_quaternion")?.modifier == "quaternion")
    #expect(device.channels(ofType: .gravity).compactMap(\.axis) == [.x, .y, .z])
    let reader = try IIOPollingReader(
      device: device, channels: device.channels(ofType: .rot) + device.channels(ofType: .gravity),
      interval: .seconds(1))
    let sample = try reader.read()
    let quaternion = sample.values(of: "in_rot_quaternion")
    #expect(quaternion.count == 4)
    #expect(abs(quaternion[0] - 1) < 1e-4)
    #expect(abs((sample.vector(.gravity)?.z ?? 0) - 9.81) < 1e-12)
  }

  @Test("With two accelerometers, the one that can stream is preferred")
  func prefersBuffered() throws {
    let tree = try SysfsTree(fixtures: ["pyadi-adxl345"], in: .module)
    try tree.add(
      fixture: "pyadi-adxl355", in: .module,
      renaming: ["iio:device0": "iio:device1", "trigger0": "trigger1"])
    #expect(try tree.system.devices().map(\.name) == ["adxl345", "adxl355"])
    #expect(try tree.system.firstDevice(measuring: .accel).name == "adxl355")
  }

  @Test("Scale and offset: per channel, then per type, then per direction, then shared")
  func sharedForms() throws {
    let tree = try SysfsTree()
    for name in ["in_accel_x_raw", "in_accel_y_raw", "in_magn_x_raw", "in_voltage0_raw"] {
      try tree.write("iio:device0/\(name)", "1\n")
    }
    try tree.write("iio:device0/in_accel_x_scale", "2\n")
    try tree.write("iio:device0/in_accel_scale", "3\n")
    try tree.write("iio:device0/in_scale", "5\n")
    try tree.write("iio:device0/in_accel_offset", "-1\n")
    try tree.write("out_scale", "0\n")
    var device = try tree.system.device(index: 0)
    #expect(device.channel("in_accel_x")?.scale == 2)
    #expect(device.channel("in_accel_y")?.scale == 3)
    #expect(device.channel("in_magn_x")?.scale == 5)
    #expect(device.channel("in_accel_y")?.offset == -1)
    #expect(device.channel("in_magn_x")?.offset == nil)
    try tree.remove("iio:device0/in_scale")
    try tree.write("iio:device0/scale", "7\n")
    device = try tree.system.device(index: 0)
    #expect(device.channel("in_voltage0")?.scale == 7)
  }

  @Test(
    "The mount matrix is found under each of its file names",
    arguments: [
      ("in_accel_mount_matrix", IIOChannelType.accel),
      ("in_mount_matrix", .accel),
      ("mount_matrix", .accel),
      ("in_accel_matrix", .accel),
      ("in_anglvel_mount_matrix", .anglvel),
      ("in_gyro_matrix", .anglvel),
    ])
  func mountMatrixForms(file: String, type: IIOChannelType) throws {
    let tree = try SysfsTree()
    for axis in ["x", "y", "z"] {
      try tree.write("iio:device0/in_\(type.rawValue)_\(axis)_raw", "1\n")
    }
    try tree.write("iio:device0/" + file, "0, 1, 0; 1, 0, 0; 0, 0, -1\n")
    let device = try tree.system.device(index: 0)
    #expect(
      device.channels(ofType: type).allSatisfy {
        $0.mountMatrix?.rows == [[0, 1, 0], [1, 0, 0], [0, 0, -1]]
      })
  }

  @Test("A label is read when firmware gives one")
  func label() throws {
    let tree = try SysfsTree(fixtures: ["forum-lsm6dsox"], in: .module)
    try tree.write("iio:device1/label", "accel-base\n")
    let device = try tree.system.device(named: "accel-base")
    #expect(device.name == "lsm6dsox")
    #expect(device.index == 1)
  }

  @Test("A missing root names the path and the likely cause")
  func missingRoot() {
    let system = IIOSystem(root: "/nonexistent/iio")
    #expect(throws: IIOError.rootNotFound(path: "/nonexistent/iio")) { try system.devices() }
    #expect(IIOError.rootNotFound(path: "/x").description.contains("CONFIG_IIO"))
  }

  @Test("Asking for a device that is not there says what was looked for and where")
  func missingDevice() throws {
    let tree = try SysfsTree(fixtures: ["forum-lsm6dsox"], in: .module)
    #expect(throws: IIOError.deviceNotFound(description: "with magn channels", root: tree.root)) {
      try tree.system.firstDevice(measuring: .magn)
    }
    #expect(throws: IIOError.deviceNotFound(description: "iio:device7", root: tree.root)) {
      try tree.system.device(index: 7)
    }
  }

  @Test("A malformed scale is a typed error naming the file and the bad text")
  func malformedScale() throws {
    let tree = try SysfsTree(fixtures: ["forum-lsm6dsox"], in: .module)
    try tree.write("iio:device1/in_accel_scale", "0.000598205garbage\n")
    let path = tree.root + "/iio:device1/in_accel_scale"
    #expect(
      throws: IIOError.malformedAttribute(
        path: path, value: "0.000598205garbage", expected: "a decimal number")
    ) {
      try tree.system.devices()
    }
  }

  @Test("An unknown scan type is a typed error naming the file")
  func unknownScanType() throws {
    let tree = try SysfsTree(fixtures: ["isp-iio-buffer-accel"], in: .module)
    try tree.write("iio:device0/scan_elements/in_accel_y_type", "le:s16/12>>0\n")
    let path = tree.root + "/iio:device0/scan_elements/in_accel_y_type"
    #expect(throws: IIOError.unknownScanType(path: path, value: "le:s16/12>>0\n")) {
      try tree.system.devices()
    }
  }

  @Test("Setting the sampling frequency writes the most specific attribute")
  func setFrequency() throws {
    let tree = try SysfsTree(fixtures: ["pyadi-adxl345"], in: .module)
    let device = try tree.system.device(index: 0)
    try tree.system.setSamplingFrequency(400, of: device, for: .accel)
    #expect(try tree.read("iio:device0/in_accel_sampling_frequency") == "400.0")
    #expect(throws: IIOError.attributeMissing(path: device.path + "/sampling_frequency")) {
      try tree.system.setSamplingFrequency(400, of: device)
    }
  }
}
