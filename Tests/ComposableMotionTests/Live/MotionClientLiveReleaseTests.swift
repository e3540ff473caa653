import ComposableMotion
import SensorsTestSupport
import Testing

/// What a buffered device is left with after a stream ends: `stop` and a cancelled consumer
/// close `/dev/iio:deviceN` and disable the buffer, and the sensor can be started again.
@Suite(.tags(.integration), .timeLimit(.minutes(1))) struct MotionClientLiveReleaseTests {
  @Test func stopClosesTheDeviceBeforeReturningAndTheStreamCanStartAgain() async throws {
    let hid = try BufferedHIDAccelerometer()
    let motion = await hid.liveClient(manager: "hid")
    var updates = motion.startAccelerometerUpdates(id: "hid").makeAsyncIterator()
    try hid.play(scans: 1)
    _ = try #require(try await updates.next())

    await motion.stopAccelerometerUpdates(id: "hid")
    #expect(try await updates.next() == nil, "stop finishes the stream")
    #expect(hid.readerDescriptors == 0, "stop returned after the device was closed")
    #expect(!hid.isBufferEnabled)

    var again = motion.startAccelerometerUpdates(id: "hid").makeAsyncIterator()
    try hid.play(scans: 1)
    let first = try #require(try await again.next())
    #expect(abs(first.acceleration.x - BufferedHIDAccelerometer.firstX) < 1e-9)
    await motion.destroy(id: "hid")
    #expect(hid.readerDescriptors == 0)
  }

  @Test func cancellingTheOnlyConsumerClosesTheDevice() async throws {
    let hid = try BufferedHIDAccelerometer()
    let motion = await hid.liveClient(manager: "hid")
    let updates = motion.startAccelerometerUpdates(id: "hid")
    let consumer = Task {
      for try await _ in updates {}
    }
    try hid.play(scans: 1)
    await waitUntil("a sample arrives") { motion.accelerometerData(id: "hid") != nil }
    #expect(hid.readerDescriptors > 0)

    consumer.cancel()
    _ = try? await consumer.value
    // The reader stops asynchronously once its last subscriber is gone.
    await waitUntil("the reader releases the device") {
      hid.readerDescriptors == 0 && !hid.isBufferEnabled
    }
    #expect(!motion.isAccelerometerActive(id: "hid"))
    await motion.destroy(id: "hid")
  }
}
