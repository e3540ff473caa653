import Foundation
import Glibc
import SensorsCore
import SensorsTestSupport
import Synchronization
import Testing

@testable import LinuxIIO

@Suite("A reader's sleep between reads")
struct WakeableSleepTests {
  @Test("A stop already signalled ends even an hour's sleep at once, reporting the stop")
  func stopEndsTheSleep() throws {
    let wake = try WakeSignal()
    wake.signal()
    #expect(!WakeableSleep.sleep(.seconds(3600), unless: wake.descriptor))
  }

  @Test("Nothing to sleep returns at once and keeps reading")
  func zero() throws {
    let wake = try WakeSignal()
    #expect(WakeableSleep.sleep(.zero, unless: wake.descriptor))
    #expect(WakeableSleep.sleep(.nanoseconds(-5), unless: wake.descriptor))
  }
}

@Suite("Buffered batches with pauses", .tags(.integration), .timeLimit(.minutes(1)))
struct BufferedBatchPauseTests {
  @Test("Pausing and bounded waits between reads still hand over every scan, in order, once")
  func pausesLoseNothing() async throws {
    let sensor = try BufferedReaderTests.HIDSensor()
    let reader = try IIOBufferedReader(
      device: sensor.device, channels: sensor.device.channels(ofType: .accel))
    let capture = try UmockdevDescription.bytes("isp-orientation-left-up", in: .module)
    let scans = capture.count / 24
    let received = Mutex<[IIOSample]>([])
    let feeder = BufferedReaderTests.feed(capture, to: sensor.node.fd, after: sensor.enablePath)
    let read = reader.start(batches: { batch in
      let count = received.withLock { list in
        list += (0..<batch.count).map(batch.sample(at:))
        return list.count
      }
      if count >= scans { return .stop }
      // Alternate the two ways of waiting, so both paths read what collected meanwhile.
      return count.isMultiple(of: 2) ? .pause(.microseconds(300)) : .awaitScans(within: .zero)
    })
    for try await _ in read.samples {}
    #expect(try await feeder.value)
    let samples = received.withLock { $0 }
    #expect(samples.count == scans)
    let times = samples.map(\.timestamp)
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "in order, none twice")
    // The batch's values are the per-sample stream's: scaled, in the same order.
    #expect(samples.first?.vector(.accel) == IIOVector(x: 173, y: -829, z: -581))
    #expect(samples.last?.vector(.accel) == IIOVector(x: 840, y: -238, z: -201))
    #expect(read.isReleased)
  }

  @Test("Closing the read ends a long pause at once and releases the device")
  func closeEndsAPause() async throws {
    let sensor = try BufferedReaderTests.HIDSensor()
    let reader = try IIOBufferedReader(
      device: sensor.device, channels: sensor.device.channels(ofType: .accel))
    let capture = try UmockdevDescription.bytes("isp-orientation-left-up", in: .module)
    let feeder = BufferedReaderTests.feed(
      Array(capture.prefix(24)), to: sensor.node.fd, after: sensor.enablePath)
    let paused = AsyncStream.makeStream(of: Void.self)
    let read = reader.start(batches: { _ in
      paused.continuation.yield()
      return .pause(.seconds(3600))
    })
    for await _ in paused.stream { break }
    #expect(try await feeder.value)
    await read.close()
    #expect(read.isReleased)
    #expect(try sensor.tree.read("iio:device0/buffer/enable") == "0")
  }
}
