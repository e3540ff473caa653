import LinuxIIO
import SensorsTestKit
import SensorsTestSupport
import Testing

@Suite("Polling reader")
struct PollingReaderTests {
  @Test("Pull mode: one read of the LSM6DSOX gives ≈1 g on z and a small rotation rate")
  func readOnce() throws {
    let tree = try SysfsTree(fixtures: ["forum-lsm6dsox"], in: .module)
    let device = try tree.system.firstDevice(measuring: .accel)
    let reader = try IIOPollingReader(
      device: device, channels: device.channels(ofType: .accel) + device.channels(ofType: .anglvel),
      interval: .milliseconds(10))
    let sample = try reader.read()
    let accel = try #require(sample.vector(.accel))
    // in_accel_z_raw 16324 × in_accel_scale 0.000598205 m/s².
    #expect(abs(accel.z - 9.76509842) < 1e-6)
    #expect(abs(accel.x - 3231 * 0.000598205) < 1e-9)
    let gyro = try #require(sample.vector(.anglvel))
    #expect(abs(gyro.y - 53 * 0.000152716) < 1e-12)
    #expect(
      sample.channels == [
        "in_accel_x", "in_accel_y", "in_accel_z", "in_anglvel_x", "in_anglvel_y", "in_anglvel_z",
      ])
    #expect(sample.timestamp.clock == .boottime)
  }

  @Test("Processed _input values are used as they are, not scaled again")
  func processedInput() throws {
    let tree = try SysfsTree(fixtures: ["isp-iio-poll-als"], in: .module)
    let device = try tree.system.firstDevice(measuring: .illuminance)
    let reader = try IIOPollingReader(
      device: device, channels: device.channels(ofType: .illuminance), interval: .seconds(1))
    #expect(try reader.read()["in_illuminance"] == 10)
  }

  @Test("A fractional raw value (iio-sensor-proxy's test accelerometer) is scaled like any other")
  func fractionalRaw() throws {
    let tree = try SysfsTree(fixtures: ["isp-iio-poll-accel"], in: .module)
    let device = try tree.system.firstDevice(measuring: .accel)
    let reader = try IIOPollingReader(
      device: device, channels: device.channels(ofType: .accel), interval: .seconds(1))
    #expect(try reader.read().vector(.accel) == IIOVector(x: 0, y: -256, z: 0))
  }

  @Test("The mount matrix turns chip axes into device axes")
  func mountMatrix() throws {
    let tree = try SysfsTree(fixtures: ["forum-lsm6dsox"], in: .module)
    try tree.write("iio:device1/in_accel_mount_matrix", "0, 1, 0; 1, 0, 0; 0, 0, -1\n")
    let device = try tree.system.firstDevice(measuring: .accel)
    let reader = try IIOPollingReader(
      device: device, channels: device.channels(ofType: .accel), interval: .seconds(1))
    let accel = try #require(try reader.read().vector(.accel))
    #expect(abs(accel.x - -646 * 0.000598205) < 1e-12)
    #expect(abs(accel.y - 3231 * 0.000598205) < 1e-12)
    #expect(abs(accel.z - -16324 * 0.000598205) < 1e-12)
  }

  @Test("Streaming: a sample at once, then one per interval of the injected clock")
  func streamsOnClock() async throws {
    let tree = try SysfsTree(fixtures: ["forum-lsm6dsox"], in: .module)
    let device = try tree.system.firstDevice(measuring: .accel)
    let clock = TestClock()
    let reader = try IIOPollingReader(
      device: device, channels: device.channels(ofType: .accel), interval: .milliseconds(10),
      clock: clock)
    var samples = reader.samples().makeAsyncIterator()
    let first = try #require(try await samples.next())
    #expect(first["in_accel_x"] == 3231 * 0.000598205)

    try tree.write("iio:device1/in_accel_x_raw", "-100\n")
    await clock.advance(by: .milliseconds(10))
    let second = try #require(try await samples.next())
    #expect(second["in_accel_x"] == -100 * 0.000598205)
    #expect(second.timestamp >= first.timestamp)
  }

  @Test("Values that stop parsing end the stream with an error naming the file")
  func malformedMidStream() async throws {
    let tree = try SysfsTree(fixtures: ["forum-lsm6dsox"], in: .module)
    let device = try tree.system.firstDevice(measuring: .accel)
    let clock = TestClock()
    let reader = try IIOPollingReader(
      device: device, channels: device.channels(ofType: .accel), interval: .milliseconds(10),
      clock: clock)
    var samples = reader.samples().makeAsyncIterator()
    _ = try await samples.next()
    try tree.write("iio:device1/in_accel_y_raw", "ERROR\n")
    await clock.advance(by: .milliseconds(10))
    let expected = IIOError.malformedAttribute(
      path: device.path + "/in_accel_y_raw", value: "ERROR", expected: "a decimal number")
    do {
      _ = try await samples.next()
      Issue.record("the stream went on after a malformed value")
    } catch {
      #expect(error as? IIOError == expected)
    }
  }

  @Test("A device removed while streaming ends the stream with deviceRemoved")
  func removedMidStream() async throws {
    let tree = try SysfsTree(fixtures: ["forum-lsm6dsox"], in: .module)
    let device = try tree.system.firstDevice(measuring: .accel)
    let clock = TestClock()
    let reader = try IIOPollingReader(
      device: device, channels: device.channels(ofType: .accel), interval: .milliseconds(10),
      clock: clock)
    var samples = reader.samples().makeAsyncIterator()
    _ = try await samples.next()
    try tree.remove("iio:device1")
    await clock.advance(by: .milliseconds(10))
    await #expect(throws: IIOError.deviceRemoved(path: device.path)) {
      _ = try await samples.next()
    }
  }

  @Test("Cancelling the consumer stops polling and leaves no descriptor open", .tags(.integration))
  func cancelReleases() async throws {
    let tree = try SysfsTree(fixtures: ["forum-lsm6dsox"], in: .module)
    let device = try tree.system.firstDevice(measuring: .accel)
    let clock = TestClock()
    let reader = try IIOPollingReader(
      device: device, channels: device.channels(ofType: .accel), interval: .milliseconds(10),
      clock: clock)
    let consumer = Task {
      var count = 0
      for try await _ in reader.samples() { count += 1 }
      return count
    }
    await clock.waitForSleepers()
    consumer.cancel()
    #expect(try await consumer.value == 1)
    await clock.waitForSleepers(atMost: 0)  // the cancelled poller stops sleeping
    await tree.waitUntilReleased()
  }

  @Test("A reader needs channels it can poll")
  func validation() throws {
    let tree = try SysfsTree(fixtures: ["isp-iio-buffer-accel"], in: .module)
    let device = try tree.system.device(index: 0)
    #expect(throws: IIOError.noChannelsSelected(device: "accel_3d")) {
      try IIOPollingReader(device: device, channels: [], interval: .seconds(1))
    }
    // The HID sensor exposes its axes only as scan elements.
    #expect(throws: IIOError.attributeMissing(path: device.path + "/in_accel_x_raw")) {
      try IIOPollingReader(
        device: device, channels: device.channels(ofType: .accel), interval: .seconds(1))
    }
  }
}
