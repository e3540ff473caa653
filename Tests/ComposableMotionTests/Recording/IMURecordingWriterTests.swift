import ComposableMotion
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Writing recordings: every sensor subset, values that read back bit for bit, rows the format
/// cannot hold refused with a reason, and files written as they go.
@Suite("IMURecordingWriter")
struct IMURecordingWriterTests {
  private func temporaryPath(_ name: String = "imu") -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("\(name)-\(UUID().uuidString).csv").path
  }

  /// Doubles that a decimal writer gets wrong unless it writes the shortest round-trip form:
  /// subnormals, signed zero, the extremes, 0.1 + 0.2, and a spread of bit patterns.
  private static let hardValues: [Double] = {
    var values: [Double] = [
      0, -0.0, 0.1 + 0.2, 1 / 3, -9.80665, .leastNonzeroMagnitude, -.leastNormalMagnitude,
      .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .ulpOfOne, 1e-300, 123_456_789.125,
      Double.pi, -2.5e-8, 1e16, 1e-5,
    ]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    while values.count < 300 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let value = Double(bitPattern: state)
      if value.isFinite { values.append(value) }
    }
    return values
  }()

  private static func samples(_ sensors: IMURecording.Sensors, count: Int) -> [IMURecording.Sample]
  {
    let values = hardValues
    return (0..<count).map { row in
      func vector(_ offset: Int) -> SIMD3<Double> {
        SIMD3((0..<3).map { values[(row * 9 + offset + $0) % values.count] })
      }
      return IMURecording.Sample(
        time: 1000 + Double(row) * 0.01
          + values[row % values.count].magnitude.truncatingRemainder(
            dividingBy: 0.001),
        gyroscope: sensors.contains(.gyroscope) ? vector(0) : nil,
        accelerometer: sensors.contains(.accelerometer) ? vector(3) : nil,
        magnetometer: sensors.contains(.magnetometer) && row % 4 != 1 ? vector(6) : nil)
    }
  }

  private static func bits(_ samples: [IMURecording.Sample]) -> [[UInt64]] {
    samples.map { sample in
      [sample.time.bitPattern]
        + [sample.gyroscope, sample.accelerometer, sample.magnetometer].flatMap { vector in
          vector.map { v in (0..<3).map { v[$0].bitPattern } } ?? [UInt64.max]
        }
    }
  }

  @Test(arguments: [
    IMURecording.Sensors.accelerometer, [.accelerometer, .gyroscope], .all, .gyroscope,
    [.accelerometer, .magnetometer],
  ])
  func everySubsetOfSensorsReadsBackBitForBit(sensors: IMURecording.Sensors) throws {
    let path = temporaryPath()
    defer { unlink(path) }
    let samples = Self.samples(sensors, count: 500)
    let writer = try IMURecordingWriter(path: path, sensors: sensors)
    for sample in samples { try writer.write(sample) }
    #expect(writer.rowCount == 500)
    try writer.close()

    let recording = try IMURecording(contentsOf: path)
    #expect(recording.sensors == sensors)
    #expect(Self.bits(recording.samples) == Self.bits(samples))
    let reader = try IMURecordingReader(path: path)
    var streamed: [IMURecording.Sample] = []
    while let sample = try reader.next() { streamed.append(sample) }
    #expect(Self.bits(streamed) == Self.bits(samples))
  }

  @Test func theHeaderNamesTheColumnsInFileOrder() throws {
    let path = temporaryPath()
    defer { unlink(path) }
    let writer = try IMURecordingWriter(path: path, sensors: [.magnetometer, .accelerometer])
    try writer.write(
      IMURecording.Sample(
        time: 0.5, gyroscope: nil, accelerometer: SIMD3(0, 0.25, 9.80665), magnetometer: nil))
    try writer.close()
    #expect(
      try String(contentsOfFile: path, encoding: .utf8)
        == "t,acc_x,acc_y,acc_z,mag_x,mag_y,mag_z\n0.5,0.0,0.25,9.80665,,,\n")
  }

  @Test func rowsTheFormatCannotHoldAreRefusedAndNothingIsWritten() throws {
    let path = temporaryPath()
    defer { unlink(path) }
    let writer = try IMURecordingWriter(path: path, sensors: .accelerometer)
    let flat = SIMD3<Double>(0, 0, 9.81)
    func row(_ time: Double, accelerometer: SIMD3<Double>? = flat, gyroscope: SIMD3<Double>? = nil)
      -> IMURecording.Sample
    {
      IMURecording.Sample(
        time: time, gyroscope: gyroscope, accelerometer: accelerometer, magnetometer: nil)
    }
    try writer.write(row(1))
    #expect(throws: IMURecordingWriteError.nonIncreasingTime(row: 2, previous: 1, current: 1)) {
      try writer.write(row(1))
    }
    #expect(throws: IMURecordingWriteError.nonFiniteValue(row: 2, column: "t", value: .infinity)) {
      try writer.write(row(.infinity))
    }
    #expect(throws: IMURecordingWriteError.self) {
      try writer.write(row(2, accelerometer: SIMD3(0, .nan, 0)))
    }
    #expect(
      throws: IMURecordingWriteError.sensorsNotRecorded(
        row: 2, sensors: [.gyroscope, .accelerometer], recorded: .accelerometer)
    ) {
      try writer.write(row(2, gyroscope: .zero))
    }
    #expect(throws: IMURecordingWriteError.emptySample(row: 2)) {
      try writer.write(row(2, accelerometer: nil))
    }
    try writer.write(row(2))
    try writer.close()
    #expect(throws: IMURecordingWriteError.closed(path: path)) { try writer.write(row(3)) }
    #expect(try IMURecording(contentsOf: path).samples.map(\.time) == [1, 2])
  }

  @Test func aFileThatCannotBeCreatedIsAFileErrorNamingTheCause() {
    let path = "/nonexistent-directory-\(getpid())/imu.csv"
    let expected = IMURecordingWriteError.fileError(path: path, operation: "open", errno: ENOENT)
    #expect(throws: expected) { try IMURecordingWriter(path: path, sensors: .all) }
    #expect(expected.description.contains("No such file or directory"))
    #expect(throws: IMURecordingWriteError.noSensors) {
      try IMURecordingWriter(path: temporaryPath(), sensors: [])
    }
  }

  @Test func rowsReachTheFileAsTheyAreWrittenThroughAFixedBuffer() throws {
    let path = temporaryPath()
    defer { unlink(path) }
    let writer = try IMURecordingWriter(path: path, sensors: .all)
    for sample in Self.samples(.all, count: 2000) { try writer.write(sample) }
    // 2,000 rows of about 200 bytes: most of them are on disk before the writer is closed.
    let written = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
    #expect(written > 200_000)
    try writer.close()
  }
}

/// The format beyond the 6- and 9-axis files: any sensor's columns may be absent, and a row
/// may leave any sensor's cells empty.
@Suite("IMURecording sensor columns")
struct IMURecordingSensorColumnsTests {
  @Test func anAccelerometerOnlyRecordingReads() throws {
    let recording = try IMURecording(csv: "t,acc_x,acc_y,acc_z\n0,0,0,9.8\n0.01,0.5,0,9.8\n")
    #expect(recording.sensors == .accelerometer)
    #expect(recording.samples[1].accelerometer == SIMD3(0.5, 0, 9.8))
    #expect(recording.samples[1].gyroscope == nil)
  }

  @Test func rowsMayLeaveAnySensorEmptyButNotAllOfThem() throws {
    let header = "t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z\n"
    let recording = try IMURecording(csv: header + "0,,,,0,0,9.8\n0.005,0.1,0.2,0.3,,,\n")
    #expect(recording.samples.map(\.sensors) == [.accelerometer, .gyroscope])
    #expect(throws: IMURecordingError.emptyRow(line: 2)) {
      try IMURecording(csv: header + "0,,,,,,\n")
    }
    #expect(throws: IMURecordingError.partialSensor(line: 2, sensor: .gyroscope)) {
      try IMURecording(csv: header + "0,1,,3,0,0,9.8\n")
    }
    #expect(
      IMURecordingError.partialSensor(line: 2, sensor: .gyroscope).description
        == "line 2: the gyroscope cells gyr_x, gyr_y, gyr_z must be all filled or all empty")
  }

  @Test func aHeaderWithoutAnySensorNamesTheAccelerometer() {
    #expect(throws: IMURecordingError.missingColumn(name: "acc_x", header: ["t", "speed"])) {
      try IMURecording(csv: "t,speed\n0,1\n")
    }
  }

  @Test func anAccelerometerOnlyReplayOffersTheAccelerometerAlone() async throws {
    let recording = try IMURecording(csv: "t,acc_x,acc_y,acc_z\n0,0,0,9.80665\n")
    let motion = MotionClient.replay(recording: recording)
    #expect(motion.isAccelerometerAvailable)
    #expect(!motion.isGyroAvailable && !motion.isMagnetometerAvailable)
    #expect(!motion.isDeviceMotionAvailable)
  }
}
