import Dispatch
import Foundation
import Glibc
import LinuxIIO
import SensorsTestSupport
import Synchronization
import Testing

/// Cancelling a consumer while its reader thread is handing over samples. The runtime runs the
/// stream's termination handler under its lock on the cancelled task, a lock the reader thread
/// needs inside `yield` to resume that task; a handler that waited for the thread deadlocked
/// here. Each cancel runs on its own thread with a deadline, so a deadlock fails the test
/// instead of hanging it.
@Suite("Buffered reader cancellation", .tags(.integration), .timeLimit(.minutes(2)))
struct BufferedReaderCancellationTests {
  @Test(
    "Cancelling while scans pour in never blocks, and the device is released every time",
    .tags(.stress))
  func cancelWhileStreaming() async throws {
    let sensor = try BufferedReaderTests.HIDSensor()
    let reader = try IIOBufferedReader(
      device: sensor.device, channels: sensor.device.channels(ofType: .accel),
      configuration: IIOBufferConfiguration(bufferingNewest: 1))
    let scans = try UmockdevDescription.bytes("isp-orientation-left-up", in: .module)
    let pump = ScanPump(fd: sensor.node.fd, scans: scans)
    defer { pump.stop() }

    for iteration in 0..<150 {
      let read = reader.start()
      let received = OneWayFlag()
      let consumer = Task {
        for try await _ in read.samples { received.raise() }
      }
      // Cancel only once samples flow, when the thread is most often inside `yield`.
      guard await waitUntil("iteration \(iteration) has a sample", { received.isRaised })
      else { return }
      guard await cancelOnNewThread(consumer, "iteration \(iteration)") else { return }
      _ = try? await consumer.value
      guard await waitUntil("iteration \(iteration) releases the device", { read.isReleased })
      else { return }
      #expect(try sensor.tree.read("iio:device0/buffer/enable") == "0")
    }
    #expect(sensor.tree.openDescriptors(excluding: [sensor.node.fd, pump.descriptor]) == 0)
  }

  @Test("stop() from outside finishes the stream after the device is released")
  func stopFinishesAfterRelease() async throws {
    let sensor = try BufferedReaderTests.HIDSensor()
    let reader = try IIOBufferedReader(
      device: sensor.device, channels: sensor.device.channels(ofType: .accel))
    let pump = ScanPump(
      fd: sensor.node.fd,
      scans: try UmockdevDescription.bytes("isp-orientation-left-up", in: .module))
    defer { pump.stop() }
    let read = reader.start()
    var count = 0
    for try await _ in read.samples {
      count += 1
      if count == 3 { read.stop() }
    }
    #expect(count >= 3)
    // The loop ended because the reader finished the stream, which it does only after teardown.
    #expect(read.isReleased)
    #expect(try sensor.tree.read("iio:device0/buffer/enable") == "0")
    #expect(sensor.tree.openDescriptors(excluding: [sensor.node.fd, pump.descriptor]) == 0)
  }
}
