import ComposableMotion
import Dispatch
import Foundation
import Glibc
import SensorsTestSupport
import Synchronization
import Testing

/// A consumer of a buffered sensor cancelled while scans pour in, over and over, each time
/// starting the sensor again at once. Cancelling runs the stream's termination handler, and the
/// hub's, under the runtime's lock on the cancelled tasks; the reader thread needs that lock to
/// hand over a sample, so nothing there may wait for it. Each cancel runs on its own thread with
/// a deadline, so a deadlock fails the test instead of hanging it; each restart must find the
/// device released, not busy.
@Suite(.tags(.stress), .timeLimit(.minutes(2))) struct MotionClientCancellationStressTests {
  @Test func cancellingWhileStreamingAndRestartingNeverBlocksOrFindsTheDeviceBusy() async throws {
    let hid = try BufferedHIDAccelerometer()
    let motion = await hid.liveClient(manager: "hid")
    let url = try #require(
      Bundle.module.url(
        forResource: "isp-orientation-left-up", withExtension: "bin", subdirectory: "Fixtures"))
    let pump = ScanPump(fd: hid.fifo.fd, scans: Array(try Data(contentsOf: url)))
    defer { pump.stop() }

    for iteration in 0..<60 {
      let updates = motion.startAccelerometerUpdates(id: "hid")
      let received = Flag()
      let consumer = Task {
        for try await _ in updates { received.raise() }
      }
      try #require(
        await within(.seconds(5)) { received.isRaised },
        "iteration \(iteration): no sample (a busy device fails the restart)")
      let cancelled = Flag()
      Thread {
        consumer.cancel()
        cancelled.raise()
      }.start()
      try #require(
        await within(.seconds(5)) { cancelled.isRaised },
        "iteration \(iteration): cancel() never returned (a deadlock)")
      _ = try? await consumer.value
    }
    await motion.destroy(id: "hid")
    #expect(hid.tree.openDescriptors(excluding: [hid.fifo.fd, pump.descriptor]) == 0)
    #expect(!hid.isBufferEnabled)
  }
}

/// A one-way flag shared between threads.
private final class Flag: Sendable {
  private let raised = Atomic(false)
  var isRaised: Bool { raised.load(ordering: .acquiring) }
  func raise() { raised.store(true, ordering: .releasing) }
}

/// Polls `condition` every millisecond for up to `timeout` of real time.
private func within(_ timeout: Duration, _ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + timeout
  while ContinuousClock.now < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return condition()
}

/// Writes the captured scans into the FIFO over and over from its own thread, as a device
/// streaming at full rate would, until stopped. It writes through its own non-blocking duplicate
/// of the descriptor (a full pipe never keeps it from seeing ``stop()``) and closes it itself,
/// so no write can land on a reused descriptor.
private final class ScanPump: Sendable {
  /// The pump's own descriptor on the FIFO (open until ``stop()``).
  let descriptor: Int32
  private let stopped = Flag()
  private let exited = DispatchSemaphore(value: 0)

  init(fd: Int32, scans: [UInt8]) {
    let own = dup(fd)
    descriptor = own
    _ = fcntl(own, F_SETFL, fcntl(own, F_GETFL) | O_NONBLOCK)
    Thread { [self] in
      var offset = 0
      while !stopped.isRaised && own >= 0 && !scans.isEmpty {
        let count = scans[offset...].withUnsafeBytes { Glibc.write(own, $0.baseAddress, $0.count) }
        if count > 0 {
          offset = (offset + count) % scans.count
        } else {
          usleep(200)
        }
      }
      if own >= 0 { close(own) }
      exited.signal()
    }.start()
  }

  /// Stops the thread and returns once it has closed its descriptor.
  func stop() {
    stopped.raise()
    exited.wait()
  }
}
