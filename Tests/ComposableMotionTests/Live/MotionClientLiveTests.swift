import ComposableMotion
import ComposableSensorsTesting
import Foundation
import SensorsTestSupport
import Testing

/// The live client over real boards' sysfs layouts, built in a temporary directory: the same
/// discovery, conversion and readers as on a device, with a test clock pacing the polls.
@Suite(.tags(.integration), .timeLimit(.minutes(1))) struct MotionClientLiveTests {
  @Test func pollsAnADIS16480AndReportsCoreMotionUnits() async throws {
    let tree = try SysfsTree(fixtures: ["pyadi-adis16480"], in: .module)
    let clock = TestClock()
    let motion = MotionClient.live(
      root: tree.root, deviceDirectory: tree.devDirectory, mode: .polling, clock: clock)
    #expect(
      motion.isAccelerometerAvailable && motion.isGyroAvailable && motion.isMagnetometerAvailable)
    await motion.create(id: "imu")

    var accel = motion.startAccelerometerUpdates(id: "imu").makeAsyncIterator()
    let flat = try #require(try await accel.next())
    #expect(abs(flat.acceleration.z - -0.996255297) < 1e-9, "lying flat, face up: about −1 g")
    #expect(abs(flat.acceleration.y - -0.011176437) < 1e-9)

    var compass = motion.startMagnetometerUpdates(id: "imu").makeAsyncIterator()
    let field = try #require(try await compass.next())
    #expect(abs(field.magneticField.x - 13.2) < 1e-9, "0.132 gauss is 13.2 µT")

    // Turn the board over: the next poll, one interval later, sees it.
    try tree.write("iio:device0/in_accel_z_raw", "-82100227\n")
    await clock.advance(by: .milliseconds(10))
    var upsideDown = try #require(try await accel.next())
    while upsideDown.acceleration.z < 0 { upsideDown = try #require(try await accel.next()) }
    #expect(abs(upsideDown.acceleration.z - 0.996255297) < 1e-9)
    #expect(upsideDown.timestamp > flat.timestamp, "stamped on boottime when read")

    await motion.destroy(id: "imu")
    #expect(tree.openDescriptors() == 0)
  }

  @Test func aDeviceWithoutABufferIsPolledInAutomaticMode() async throws {
    let tree = try SysfsTree(fixtures: ["forum-lsm6dsox"], in: .module)
    let motion = MotionClient.live(
      root: tree.root, deviceDirectory: tree.devDirectory, clock: TestClock())
    #expect(!motion.isMagnetometerAvailable)
    #expect(motion.availableAttitudeReferenceFrames() == [.xArbitraryZVertical])
    await motion.create(id: "board")
    var gyro = motion.startGyroUpdates(id: "board").makeAsyncIterator()
    let sample = try #require(try await gyro.next())
    #expect(abs(sample.rotationRate.y - 0.008093948) < 1e-12)
    await motion.destroy(id: "board")
  }

  @Test func streamsABufferedDeviceAndReleasesItOnDestroy() async throws {
    let hid = try BufferedHIDAccelerometer()
    let motion = await hid.liveClient(manager: "hid")
    var updates = motion.startAccelerometerUpdates(id: "hid").makeAsyncIterator()
    try hid.play()

    var samples: [AccelerometerData] = []
    for _ in 0..<15 { try samples.append(#require(try await updates.next())) }
    // The HID sensor has no scale: IIO values are its raw counts, masked to 16 bits.
    #expect(abs(samples[0].acceleration.x - BufferedHIDAccelerometer.firstX) < 1e-9)
    #expect(abs(samples[14].acceleration.z - 201 / 9.80665) < 1e-9)
    #expect(zip(samples, samples.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
    #expect(hid.readerDescriptors > 0, "the reader holds the device open")

    await motion.destroy(id: "hid")
    #expect(hid.readerDescriptors == 0, "destroy returned after every fd closed")
    #expect(!hid.isBufferEnabled, "the buffer is disabled again")
  }

  @Test func anUnpluggedDeviceFailsTheStreamWithAClearError() async throws {
    let hid = try BufferedHIDAccelerometer()
    let motion = await hid.liveClient(manager: "hid")
    var updates = motion.startAccelerometerUpdates(id: "hid").makeAsyncIterator()
    try hid.play(scans: 2)
    _ = try await updates.next()
    _ = try await updates.next()
    hid.fifo.unplug()
    do {
      _ = try await updates.next()
      Issue.record("expected the stream to fail")
    } catch let error as MotionError {
      guard case .readerFailed(.accelerometer, .deviceRemoved) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(error.description.contains("was removed"), "\(error)")
    }
    #expect(!motion.isAccelerometerActive(id: "hid"))
    #expect(hid.tree.openDescriptors() == 0)
  }

  @Test func aMalformedAttributeFailsThePolledStreamNamingTheFile() async throws {
    let tree = try SysfsTree(fixtures: ["forum-lsm6dsox"], in: .module)
    try tree.write("iio:device1/in_accel_y_raw", "twelve\n")
    let motion = MotionClient.live(
      root: tree.root, deviceDirectory: tree.devDirectory, clock: TestClock())
    await motion.create(id: "board")
    var accel = motion.startAccelerometerUpdates(id: "board").makeAsyncIterator()
    do {
      _ = try await accel.next()
      Issue.record("expected the stream to fail")
    } catch let error as MotionError {
      #expect(error.description.contains("in_accel_y_raw"), "\(error)")
      #expect(error.description.contains("twelve"), "\(error)")
    }
  }

  @Test func noIIORootMeansNoSensorsAndSaysWhere() async throws {
    let motion = MotionClient.live(root: "/nonexistent/iio", clock: TestClock())
    #expect(!motion.isAccelerometerAvailable)
    #expect(!motion.isDeviceMotionAvailable)
    #expect(motion.availableAttitudeReferenceFrames().isEmpty)
    await motion.create(id: "none")
    var accel = motion.startAccelerometerUpdates(id: "none").makeAsyncIterator()
    do {
      _ = try await accel.next()
      Issue.record("expected the stream to fail")
    } catch let error as MotionError {
      guard case .sensorUnavailable(.accelerometer, _, let skipped) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(skipped.map(\.error) == [.rootNotFound(path: "/nonexistent/iio")])
      #expect(error.description.contains("No IIO devices directory at /nonexistent/iio"))
    }
  }

}

extension MotionClientLiveTests {
  @Test func aDeviceWithAnUnknownScanTypeIsSkippedAndNamedWhileOthersWork() async throws {
    let tree = try SysfsTree(fixtures: ["pyadi-adxl355", "forum-lsm6dsox"], in: .module)
    try tree.write("iio:device0/scan_elements/in_accel_z_type", "be:s20/32>>4junk\n")
    let motion = MotionClient.live(
      root: tree.root, deviceDirectory: tree.devDirectory, clock: TestClock())
    #expect(motion.isGyroAvailable, "the LSM6DSOX beside it still works")
    #expect(!motion.isMagnetometerAvailable)
    await motion.create(id: "m")
    var compass = motion.startMagnetometerUpdates(id: "m").makeAsyncIterator()
    do {
      _ = try await compass.next()
      Issue.record("expected no magnetometer")
    } catch let error as MotionError {
      #expect(
        error.description.contains("iio:device0 skipped: Unknown scan element type"), "\(error)")
    }
    var accel = motion.startAccelerometerUpdates(id: "m").makeAsyncIterator()
    let sample = try #require(try await accel.next())
    #expect(abs(sample.acceleration.x - -0.197090786) < 1e-9, "served by the LSM6DSOX")
    await motion.destroy(id: "m")
  }
}

extension MotionClientLiveTests {
  @Test func aBufferedReaderRestartedForAFasterSubscriberNeverOpensTheDeviceTwice() async throws {
    let hid = try BufferedHIDAccelerometer()
    let motion = MotionClient.live(
      root: hid.root, deviceDirectory: hid.devDirectory, clock: TestClock())
    await motion.create(id: "slow")
    await motion.create(id: "fast")
    let slow = motion.startAccelerometerUpdates(id: "slow")
    await waitUntil("the reader enables the buffer") { hid.isBufferEnabled }
    // A faster subscriber restarts the shared reader; the old one must have let go first,
    // or the new one would find the buffer enabled and fail with "busy".
    await motion.setUpdateInterval(id: "fast", sensor: .accelerometer, to: .microseconds(1))
    var fast = motion.startAccelerometerUpdates(id: "fast").makeAsyncIterator()
    try hid.play()
    let first = try #require(try await fast.next())
    #expect(abs(first.acceleration.x - BufferedHIDAccelerometer.firstX) < 1e-9)
    #expect(motion.isAccelerometerActive(id: "slow"))
    await motion.destroy(id: "fast")
    await motion.destroy(id: "slow")
    #expect(hid.readerDescriptors == 0)
    _ = slow
  }
}

extension MotionClientLiveTests {
  @Test func deviceMotionFromAPolledLSM6DSOXStartsWithGravityAlongTheMeasuredAcceleration()
    async throws
  {
    let tree = try SysfsTree(fixtures: ["forum-lsm6dsox"], in: .module)
    let motion = MotionClient.live(
      root: tree.root, deviceDirectory: tree.devDirectory, clock: TestClock())
    #expect(motion.isDeviceMotionAvailable)
    await motion.create(id: "board")
    var updates = motion.startDeviceMotionUpdates(id: "board").makeAsyncIterator()
    let first = try #require(try await updates.next())
    // Measured (−0.19709, 0.03941, −0.99576) g: gravity is its direction, 1 g long.
    let norm = (0.197090786 * 0.197090786 + 0.039405957 * 0.039405957 + 0.995762918 * 0.995762918)
      .squareRoot()
    #expect(abs(first.gravity.x - -0.197090786 / norm) < 1e-6)
    #expect(abs(first.gravity.z - -0.995762918 / norm) < 1e-6)
    #expect(abs(first.userAcceleration.x - (-0.197090786 + 0.197090786 / norm)) < 1e-6)
    await motion.destroy(id: "board")
    #expect(tree.openDescriptors() == 0)
  }
}
