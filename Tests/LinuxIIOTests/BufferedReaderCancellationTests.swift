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
    let scans = try UmockdevDescription.bytes("isp-orientation-left-up")
    let pump = ScanPump(fd: sensor.node.fd, scans: scans)
    defer { pump.stop() }

    for iteration in 0..<150 {
      let read = reader.start()
      let received = Counter()
      let consumer = Task {
        for try await _ in read.samples { received.increment() }
      }
      // Cancel only once samples flow, when the thread is most often inside `yield`.
      try #require(await waitUntil { received.value > 0 }, "iteration \(iteration): no sample")
      let cancelled = runOnThread { consumer.cancel() }
      try #require(
        await waitUntil { cancelled.value > 0 },
        "iteration \(iteration): cancel() never returned (a deadlock)")
      _ = try? await consumer.value
      try #require(
        await waitUntil { read.isReleased }, "iteration \(iteration): device not released")
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
      fd: sensor.node.fd, scans: try UmockdevDescription.bytes("isp-orientation-left-up"))
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

/// A count shared between a consumer task and the test.
private final class Counter: Sendable {
  private let count = Atomic(0)
  var value: Int { count.load(ordering: .acquiring) }
  func increment() { count.add(1, ordering: .releasing) }
}

/// Runs `body` on a new thread, off the concurrency pool, so that if it blocks forever only that
/// thread is lost; the returned counter becomes 1 when it returns.
private func runOnThread(_ body: @escaping @Sendable () -> Void) -> Counter {
  let done = Counter()
  let thread = Thread {
    body()
    done.increment()
  }
  thread.start()
  return done
}

/// Polls `condition` every millisecond for up to 5 s of real time; false if it never holds.
private func waitUntil(_ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + .seconds(5)
  while ContinuousClock.now < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return condition()
}

/// Writes the captured scans into the FIFO over and over, as a device streaming at full rate
/// would, from its own thread, until stopped. It writes through its own duplicate of the FIFO's
/// descriptor, made non-blocking so a full pipe (no reader) never keeps it from seeing
/// ``stop()``, and closes that duplicate itself: no write can land on a reused descriptor.
private final class ScanPump: Sendable {
  /// The pump's own descriptor on the FIFO (open until ``stop()``).
  let descriptor: Int32
  private let stopRequests = Counter()
  private let exited = DispatchSemaphore(value: 0)

  init(fd: Int32, scans: [UInt8]) {
    let own = dup(fd)
    descriptor = own
    _ = fcntl(own, F_SETFL, fcntl(own, F_GETFL) | O_NONBLOCK)
    let thread = Thread { [self] in
      var offset = 0
      while stopRequests.value == 0 && own >= 0 {
        let count = scans[offset...].withUnsafeBytes { Glibc.write(own, $0.baseAddress, $0.count) }
        if count > 0 {
          offset = (offset + count) % scans.count
        } else {
          usleep(200)
        }
      }
      if own >= 0 { close(own) }
      exited.signal()
    }
    thread.start()
  }

  /// Stops the thread and returns once it has closed its descriptor (a few hundred µs).
  func stop() {
    stopRequests.increment()
    exited.wait()
  }
}
