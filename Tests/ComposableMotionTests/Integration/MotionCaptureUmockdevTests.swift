import ComposableMotion
import ComposableSensorsTesting
import Foundation
import SensorsTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Capture, then replay, on real boards' descriptions under umockdev: what a live client
/// delivered while it was recorded, and the replay of that recording, are the same samples,
/// value for value and timestamp for timestamp. Each test re-runs its twin in
/// ``MotionCaptureUmockdevChildTests`` under `umockdev-run`.
@Suite(
  .tags(.integration),
  .umockdevInstalled,
  .timeLimit(.minutes(2)))
struct MotionCaptureUmockdevTests {
  @Test func aPolledNineAxisIMUReplaysItsCaptureExactly() async throws {
    let child = try await Umockdev.run(
      device: "pyadi-adis16480", test: "MotionCaptureUmockdevChildTests/polledADIS16480()")
    #expect(child.passed, "child under umockdev-run failed:\n\(child.output)")
  }

  @Test func aBufferedAccelerometerOnlyDeviceReplaysItsCaptureExactly() async throws {
    let child = try await Umockdev.run(
      device: "isp-iio-buffer-accel", script: "isp-orientation-left-up",
      test: "MotionCaptureUmockdevChildTests/bufferedAccelerometer()")
    #expect(child.passed, "child under umockdev-run failed:\n\(child.output)")
  }
}

/// The halves that run inside `umockdev-run`; disabled in an ordinary run.
@Suite(.tags(.integration), .insideUmockdev)
struct MotionCaptureUmockdevChildTests {
  private func temporaryPath() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("umockdev-capture-\(UUID().uuidString).csv").path
  }

  /// Up to `count` elements of `stream`.
  private func take<Element: Sendable>(
    _ count: Int, of stream: AsyncThrowingStream<Element, any Error>
  ) async throws -> [Element] {
    var elements: [Element] = []
    for try await element in stream {
      elements.append(element)
      if elements.count == count { break }
    }
    return elements
  }

  /// Everything one sensor's stream of a replay of `path` delivers, every row, on a test clock.
  private func replay<Element: Sendable>(
    _ path: String, _ sensor: MotionSensor,
    _ start: (MotionClient) -> AsyncThrowingStream<Element, any Error>
  ) async throws -> [Element] {
    let clock = TestClock()
    let recording = try IMURecording(contentsOf: path)
    let motion = MotionClient.replay(recording: recording, clock: clock, bufferLimit: 10_000)
    await motion.create(id: "replay")
    await motion.setUpdateInterval(
      id: "replay", sensor: MotionService(sensor), to: .microseconds(1))
    let stream = start(motion)
    let collected = Task {
      var elements: [Element] = []
      for try await element in stream { elements.append(element) }
      return elements
    }
    await clock.waitForSleepers()
    let times = recording.samples.map(\.time)
    await clock.advance(by: .seconds((times.last ?? 0) - (times.first ?? 0) + 1))
    let elements = try await collected.value
    await motion.destroy(id: "replay")
    return elements
  }

  @Test func polledADIS16480() async throws {
    let path = temporaryPath()
    defer { unlink(path) }
    let recorder = try MotionRecorder(path: path, sensors: .all)
    let motion = MotionClient.live(mode: .polling).recording(to: recorder)
    await motion.create(id: "robot")
    async let accelerometer = take(20, of: motion.startAccelerometerUpdates(id: "robot"))
    async let gyro = take(20, of: motion.startGyroUpdates(id: "robot"))
    async let compass = take(20, of: motion.startMagnetometerUpdates(id: "robot"))
    let live = try await (accelerometer, gyro, compass)
    await motion.destroy(id: "robot")
    let summary = try recorder.finish()
    #expect(summary.samples == 60 && summary.lateSamples == 0 && summary.rejectedRows == 0)
    #expect(live.0.count == 20 && live.1.count == 20 && live.2.count == 20)

    #expect(
      try await replay(path, .accelerometer) { $0.startAccelerometerUpdates(id: "replay") }
        == live.0)
    #expect(try await replay(path, .gyro) { $0.startGyroUpdates(id: "replay") } == live.1)
    #expect(
      try await replay(path, .magnetometer) { $0.startMagnetometerUpdates(id: "replay") } == live.2)
  }

  @Test func bufferedAccelerometer() async throws {
    let path = temporaryPath()
    defer { unlink(path) }
    let recorder = try MotionRecorder(path: path, sensors: .accelerometer)
    let motion = MotionClient.live().recording(to: recorder)
    await motion.create(id: "hid")
    await motion.setUpdateInterval(id: "hid", sensor: .accelerometer, to: .microseconds(1))
    let live = try await take(15, of: motion.startAccelerometerUpdates(id: "hid"))
    await motion.destroy(id: "hid")
    #expect(try recorder.finish().rows == 15)
    #expect(try IMURecording(contentsOf: path).sensors == .accelerometer)
    #expect(
      try await replay(path, .accelerometer) { $0.startAccelerometerUpdates(id: "replay") } == live)
  }
}
