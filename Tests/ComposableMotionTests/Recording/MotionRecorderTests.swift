import ComposableMotion
import ComposableSensorsTesting
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Recording a client: the samples its consumers receive become rows in time order, and the
/// file replays to the very same samples, bit for bit.
@Suite("MotionRecorder", .timeLimit(.minutes(1)))
struct MotionRecorderTests {
  private func temporaryPath() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("motion-recorder-\(UUID().uuidString).csv").path
  }

  /// A client whose accelerometer, gyroscope and magnetometer are scripted streams.
  private struct ScriptedMotion {
    var accelerometer = ScriptedStream<AccelerometerData>()
    var gyro = ScriptedStream<GyroData>()
    var magnetometer = ScriptedStream<MagnetometerData>()

    var client: MotionClient {
      var motion = MotionClient.unimplemented()
      motion.create = { _ in }
      motion.destroy = { _ in }
      motion.startAccelerometerUpdates = { [accelerometer] _ in accelerometer.stream }
      motion.startGyroUpdates = { [gyro] _ in gyro.stream }
      motion.startMagnetometerUpdates = { [magnetometer] _ in magnetometer.stream }
      return motion
    }
  }

  private static func acceleration(_ x: Double, _ y: Double, _ z: Double, at time: Double)
    -> AccelerometerData
  {
    AccelerometerData(acceleration: Acceleration(x: x, y: y, z: z), timestamp: time)
  }

  private static func rotation(_ z: Double, at time: Double) -> GyroData {
    GyroData(rotationRate: RotationRate(x: 0, y: 0, z: z), timestamp: time)
  }

  @Test func samplesOfSeparateStreamsBecomeRowsInTimeOrder() async throws {
    let path = temporaryPath()
    defer { unlink(path) }
    let script = ScriptedMotion()
    let recorder = try MotionRecorder(path: path, sensors: [.accelerometer, .gyroscope])
    let motion = script.client.recording(to: recorder)
    // Both streams run from here on; each has its consumer task.
    let accelerometerUpdates = motion.startAccelerometerUpdates(id: "app")
    let gyroUpdates = motion.startGyroUpdates(id: "app")
    let accelerometer = Task { try await accelerometerUpdates.reduce(0) { count, _ in count + 1 } }
    let gyro = Task { try await gyroUpdates.reduce(0) { count, _ in count + 1 } }
    // The accelerometer runs ahead of the gyroscope; the rows still come out in time order,
    // and the accelerometer's 0.03 s sample has no gyroscope partner.
    for time in [0.01, 0.02, 0.03] {
      script.accelerometer.yield(Self.acceleration(0, 0, -1, at: time))
    }
    for time in [0.01, 0.02, 0.025] { script.gyro.yield(Self.rotation(time, at: time)) }
    script.accelerometer.finish()
    script.gyro.finish()
    #expect(try await accelerometer.value == 3)
    #expect(try await gyro.value == 3)

    let summary = try recorder.finish()
    #expect(summary.rows == 4 && summary.samples == 6 && summary.lateSamples == 0)
    let recording = try IMURecording(contentsOf: path)
    #expect(recording.samples.map(\.time) == [0.01, 0.02, 0.025, 0.03])
    #expect(
      recording.samples.map(\.sensors) == [
        [.accelerometer, .gyroscope], [.accelerometer, .gyroscope], .gyroscope, .accelerometer,
      ])
    #expect(recording.samples[0].accelerometer == SIMD3(0, 0, 9.80665))
    #expect(recording.samples[2].gyroscope == SIMD3(0, 0, 0.025))
  }

  @Test func theReplayOfARecordingGivesTheRecordedSamplesBitForBit() async throws {
    let path = temporaryPath()
    defer { unlink(path) }
    // Accelerations as the live client makes them (−m/s² ÷ 9.80665), from awkward values:
    // converting back naively would be off in the last bit for some of them.
    var state: UInt64 = 0x0123_4567_89AB_CDEF
    func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return (Double(state >> 11) / Double(1 << 53) - 0.5) * 160
    }
    let delivered = (0..<400).map { row in
      AccelerometerData(
        acceleration: Acceleration(
          x: -next() / 9.80665, y: -next() / 9.80665, z: -next() / 9.80665),
        timestamp: 3_600.000_123 + Double(row) / 400)
    }
    let script = ScriptedMotion()
    let recorder = try MotionRecorder(path: path, sensors: .accelerometer)
    let consumer = Task {
      try await script.client.recording(to: recorder).startAccelerometerUpdates(id: "app")
        .reduce(into: [AccelerometerData]()) { $0.append($1) }
    }
    for sample in delivered { script.accelerometer.yield(sample) }
    script.accelerometer.finish()
    #expect(try await consumer.value == delivered)
    #expect(try recorder.finish().rows == 400)

    let clock = TestClock()
    let replay = MotionClient.replay(
      recording: try IMURecording(contentsOf: path), clock: clock, bufferLimit: 1000)
    await replay.create(id: "test")
    await replay.setUpdateInterval(id: "test", sensor: .accelerometer, to: .microseconds(1))
    let replayed = Task {
      try await replay.startAccelerometerUpdates(id: "test").reduce(into: [AccelerometerData]()) {
        $0.append($1)
      }
    }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(2))
    let samples = try await replayed.value
    func bits(_ samples: [AccelerometerData]) -> [[UInt64]] {
      samples.map { sample in
        let a = sample.acceleration
        return [sample.timestamp, a.x, a.y, a.z].map(\.bitPattern)
      }
    }
    #expect(bits(samples) == bits(delivered))
    await replay.destroy(id: "test")
  }

  @Test func aStreamLaggingBeyondTheLimitLosesOnlyItsLateSamplesAndSaysSo() async throws {
    let path = temporaryPath()
    defer { unlink(path) }
    let script = ScriptedMotion()
    let recorder = MotionRecorder(
      writer: try IMURecordingWriter(path: path, sensors: [.accelerometer, .gyroscope]),
      reorderingLimit: 2)
    let motion = script.client.recording(to: recorder)
    // The gyroscope's stream is running (its consumer holds it) but silent while five
    // accelerometer rows arrive: only two may wait for it.
    let gyro = motion.startGyroUpdates(id: "app")
    for time in 1...5 { script.accelerometer.yield(Self.acceleration(0, 0, -1, at: Double(time))) }
    script.accelerometer.finish()
    for try await _ in motion.startAccelerometerUpdates(id: "app") {}
    script.gyro.yield(Self.rotation(0.5, at: 1))  // row 1 is written already: late
    script.gyro.yield(Self.rotation(0.5, at: 5))
    script.gyro.finish()
    for try await _ in gyro {}

    let summary = try recorder.finish()
    #expect(summary.lateSamples == 1 && summary.rows == 5)
    let recording = try IMURecording(contentsOf: path)
    #expect(recording.samples.map(\.sensors).last == [.accelerometer, .gyroscope])
    #expect(recording.samples.first?.gyroscope == nil)
  }

  @Test func twoManagersReceivingOneSensorAreRecordedOnce() async throws {
    let path = temporaryPath()
    defer { unlink(path) }
    let first = ScriptedStream<AccelerometerData>()
    let second = ScriptedStream<AccelerometerData>()
    var client = MotionClient.unimplemented()
    client.startAccelerometerUpdates = { id in
      id == AnyHashableSendable("first") ? first.stream : second.stream
    }
    let recorder = try MotionRecorder(path: path, sensors: .accelerometer)
    let motion = client.recording(to: recorder)
    let streams = [
      motion.startAccelerometerUpdates(id: "first"), motion.startAccelerometerUpdates(id: "second"),
    ]
    for source in [first, second] {
      for time in [0.1, 0.2] { source.yield(Self.acceleration(0, 0, -1, at: time)) }
      source.finish()
    }
    for stream in streams { for try await _ in stream {} }
    let summary = try recorder.finish()
    #expect(summary.rows == 2 && summary.duplicateSamples == 2)
  }

  @Test func recordStartsTheSensorsOnItsOwnManagerUntilCancelled() async throws {
    let path = temporaryPath()
    defer { unlink(path) }
    let script = ScriptedMotion()
    let recorder = try MotionRecorder(path: path, sensors: [.accelerometer, .gyroscope])
    let capture = Task {
      try await script.client.record([.accelerometer, .gyroscope], to: recorder)
    }
    await script.accelerometer.waitForConsumer()
    await script.gyro.waitForConsumer()
    script.accelerometer.yield(Self.acceleration(0, 0, -1, at: 1))
    script.gyro.yield(Self.rotation(0.1, at: 1))
    script.accelerometer.finish()
    script.gyro.finish()
    try await capture.value
    #expect(try recorder.finish().rows == 1)
    #expect(
      try IMURecording(contentsOf: path).samples.first?.sensors == [.accelerometer, .gyroscope])
  }

  /// Every raw sensor is tapped and started: one row of a 9-axis recording holds all three.
  @Test func recordTapsEveryRawSensor() async throws {
    let path = temporaryPath()
    defer { unlink(path) }
    let script = ScriptedMotion()
    let recorder = try MotionRecorder(path: path, sensors: .all)
    let capture = Task { try await script.client.record(.all, to: recorder) }
    await script.accelerometer.waitForConsumer()
    await script.gyro.waitForConsumer()
    await script.magnetometer.waitForConsumer()
    script.accelerometer.yield(Self.acceleration(0, 0, -1, at: 1))
    script.gyro.yield(Self.rotation(0.1, at: 1))
    script.magnetometer.yield(
      MagnetometerData(magneticField: MagneticField(x: 20, y: -5, z: 40), timestamp: 1))
    script.accelerometer.finish()
    script.gyro.finish()
    script.magnetometer.finish()
    try await capture.value
    #expect(try recorder.finish().rows == 1)
    let row = try #require(try IMURecording(contentsOf: path).samples.first)
    #expect(row.sensors == .all)
    #expect(row.accelerometer == SIMD3(0, 0, 9.80665))
    #expect(row.gyroscope == SIMD3(0, 0, 0.1))
    #expect(row.magnetometer == SIMD3(20, -5, 40))
  }

  @Test func aFailingSensorEndsRecordWithItsError() async throws {
    let path = temporaryPath()
    defer { unlink(path) }
    let script = ScriptedMotion()
    let recorder = try MotionRecorder(path: path, sensors: [.accelerometer, .gyroscope])
    let capture = Task {
      try await script.client.record([.accelerometer, .gyroscope], to: recorder)
    }
    await script.gyro.waitForConsumer()
    let failure = MotionError.sensorUnavailable(.gyro, searched: "/sys/bus/iio/devices")
    script.gyro.fail(failure)
    await #expect(throws: failure) { try await capture.value }
    #expect(script.accelerometer.isCancelled)
    #expect(try recorder.finish().rows == 0)
  }
}
