import ComposableSensorsTesting
import Foundation
import SensorsTestSupport
import Synchronization
import Testing

@testable import ComposableMotion

/// An ADIS16480 whose buffer another process already enabled, as iio-sensor-proxy holds the
/// accelerometer's buffer on Linux phones and laptops: enabling it answers EBUSY.
@Suite(.tags(.integration), .timeLimit(.minutes(1)))
struct BusyBufferTests {
  static let device = "adis16480 (iio:device0)"

  static func busyTree() throws -> (SysfsTree, FakeCharacterDevice) {
    let tree = try SysfsTree(fixtures: ["pyadi-adis16480"], in: .module)
    let fifo = try FakeCharacterDevice(tree: tree)
    try "1\n".write(
      toFile: tree.root + "/iio:device0/buffer/enable", atomically: false, encoding: .utf8)
    return (tree, fifo)
  }

  @Test("Automatic mode: a held buffer is polled instead, and the client says why")
  func automaticPollsAndSaysSo() async throws {
    let (tree, fifo) = try Self.busyTree()
    defer { fifo.unplug() }
    let events = Mutex<[MotionLiveEvent]>([])
    let motion = MotionClient.live(
      root: tree.root, deviceDirectory: tree.devDirectory, clock: TestClock(),
      onEvent: { event in events.withLock { $0.append(event) } })
    await motion.create(id: "imu")
    var accel = motion.startAccelerometerUpdates(id: "imu").makeAsyncIterator()
    let flat = try #require(try await accel.next())
    #expect(abs(flat.acceleration.z - -0.996255297) < 1e-9, "the polled board, lying flat")
    let path = tree.root + "/iio:device0/buffer/enable"
    #expect(
      events.withLock { $0 } == [
        .fellBackToPolling(
          sensors: [.accelerometer], device: Self.device,
          cause: .readerFailed(.accelerometer, .deviceBusy(path: path)))
      ])
    // The other process's buffer is left as it was.
    #expect(
      try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespaces)
        .hasPrefix("1"))
    await motion.destroy(id: "imu")
    #expect(tree.openDescriptors(excluding: [fifo.fd]) == 0)
  }

  @Test("Buffered mode: the stream fails with the busy buffer, naming it")
  func bufferedModeFails() async throws {
    let (tree, fifo) = try Self.busyTree()
    defer { fifo.unplug() }
    let motion = MotionClient.live(
      root: tree.root, deviceDirectory: tree.devDirectory, mode: .buffered, clock: TestClock())
    await motion.create(id: "imu")
    var accel = motion.startAccelerometerUpdates(id: "imu").makeAsyncIterator()
    await #expect(
      throws: MotionError.readerFailed(
        .accelerometer, .deviceBusy(path: tree.root + "/iio:device0/buffer/enable"))
    ) {
      _ = try await accel.next()
    }
    await motion.destroy(id: "imu")
  }
}
