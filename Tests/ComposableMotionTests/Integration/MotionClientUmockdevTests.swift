import ComposableMotion
import ComposableSensorsTesting
import Foundation
import SensorsTestSupport
import Testing

/// `MotionClient.live()` with its defaults, against real boards' descriptions loaded by
/// umockdev at `/sys/bus/iio/devices`, and a real captured stream on `/dev/iio:device0`.
/// Each test re-runs its twin in ``MotionClientUmockdevChildTests`` under `umockdev-run`.
@Suite(
  .tags(.integration),
  .umockdevInstalled,
  .timeLimit(.minutes(2)))
struct MotionClientUmockdevTests {
  @Test func pollsAnADIS16480AtTheDefaultRoot() async throws {
    let child = try await Umockdev.run(
      device: "pyadi-adis16480", test: "MotionClientUmockdevChildTests/polledADIS16480()")
    #expect(child.passed, "child under umockdev-run failed:\n\(child.output)")
  }

  @Test func streamsABufferedCaptureAndReleasesTheDeviceOnDestroy() async throws {
    let child = try await Umockdev.run(
      device: "isp-iio-buffer-accel", script: "isp-orientation-left-up",
      test: "MotionClientUmockdevChildTests/bufferedHIDAccelerometer()")
    #expect(child.passed, "child under umockdev-run failed:\n\(child.output)")
  }
}

/// The halves that run inside `umockdev-run`; disabled in an ordinary run.
@Suite(.tags(.integration), .insideUmockdev)
struct MotionClientUmockdevChildTests {
  @Test func polledADIS16480() async throws {
    let motion = MotionClient.live(mode: .polling, clock: TestClock())
    #expect(motion.isDeviceMotionAvailable)
    #expect(motion.availableAttitudeReferenceFrames().count == 3)
    await motion.create(id: "imu")
    var accel = motion.startAccelerometerUpdates(id: "imu").makeAsyncIterator()
    var gyro = motion.startGyroUpdates(id: "imu").makeAsyncIterator()
    var compass = motion.startMagnetometerUpdates(id: "imu").makeAsyncIterator()
    let a = try #require(try await accel.next())
    let w = try #require(try await gyro.next())
    let m = try #require(try await compass.next())
    #expect(abs(a.acceleration.z - -0.996255297) < 1e-9)
    #expect(abs(w.rotationRate.y - -0.00020523) < 1e-12)
    #expect(abs(m.magneticField.y - -24.54) < 1e-9)
    await motion.destroy(id: "imu")
  }

  @Test func bufferedHIDAccelerometer() async throws {
    let motion = MotionClient.live(clock: TestClock())
    await motion.create(id: "hid")
    await motion.setUpdateInterval(id: "hid", sensor: .accelerometer, to: .microseconds(1))
    var updates = motion.startAccelerometerUpdates(id: "hid").makeAsyncIterator()
    var xs: [Double] = []
    for _ in 0..<15 { try xs.append(#require(try await updates.next()).acceleration.x) }
    let counts: [Double] = [
      173, 162, 135, 273, 338, 374, 435, 488, 526, 598, 766, 907, 1024, 961, 840,
    ]
    #expect(zip(xs, counts).allSatisfy { abs($0 - -$1 / 9.80665) < 1e-9 }, "\(xs)")
    await motion.destroy(id: "hid")
    let enable = try String(
      contentsOfFile: "/sys/bus/iio/devices/iio:device0/buffer/enable", encoding: .utf8)
    #expect(enable.hasPrefix("0"), "destroy disabled the buffer")
    #expect(openDescriptors(to: "/dev/iio:device0") == 0, "destroy closed the device")
  }

  private func openDescriptors(to path: String) -> Int {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return entries.filter {
      let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)
      return target?.hasSuffix("iio:device0") ?? false
    }.count
  }
}
