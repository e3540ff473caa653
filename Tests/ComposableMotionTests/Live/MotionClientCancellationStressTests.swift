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
    let scans = try UmockdevDescription.bytes("isp-orientation-left-up", in: .module)
    let pump = ScanPump(fd: hid.fifo.fd, scans: scans)
    defer { pump.stop() }

    for iteration in 0..<60 {
      let updates = motion.startAccelerometerUpdates(id: "hid")
      let received = OneWayFlag()
      let consumer = Task {
        for try await _ in updates { received.raise() }
      }
      guard
        await waitUntil(
          "iteration \(iteration) has a sample (a busy device fails the restart)",
          { received.isRaised })
      else { return }
      guard await cancelOnNewThread(consumer, "iteration \(iteration)") else { return }
      _ = try? await consumer.value
    }
    await motion.destroy(id: "hid")
    #expect(hid.tree.openDescriptors(excluding: [hid.fifo.fd, pump.descriptor]) == 0)
    #expect(!hid.isBufferEnabled)
  }
}
