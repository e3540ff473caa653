import Foundation
import Glibc
import LinuxIIO
import Synchronization

/// Buffered reading of 24-byte HID accel_3d scans delivered at 1 kHz through a FIFO that
/// stands in for /dev/iio:device0.
enum BufferedCost {
  static let attributes: [String: String] = [
    "iio:device0/name": "accel_3d\n", "iio:device0/buffer/enable": "0\n",
    "iio:device0/buffer/length": "128\n",
    "iio:device0/trigger/current_trigger": "\n", "trigger0/name": "accel_3d-dev0\n",
    "iio:device0/scan_elements/in_accel_x_en": "0\n",
    "iio:device0/scan_elements/in_accel_x_index": "0\n",
    "iio:device0/scan_elements/in_accel_x_type": "le:s16/32>>0\n",
    "iio:device0/scan_elements/in_accel_y_en": "0\n",
    "iio:device0/scan_elements/in_accel_y_index": "1\n",
    "iio:device0/scan_elements/in_accel_y_type": "le:s16/32>>0\n",
    "iio:device0/scan_elements/in_accel_z_en": "0\n",
    "iio:device0/scan_elements/in_accel_z_index": "2\n",
    "iio:device0/scan_elements/in_accel_z_type": "le:s16/32>>0\n",
    "iio:device0/scan_elements/in_timestamp_en": "1\n",
    "iio:device0/scan_elements/in_timestamp_index": "3\n",
    "iio:device0/scan_elements/in_timestamp_type": "le:s64/64>>0\n",
  ]

  static func measure(seconds: Double) async throws -> Cost {
    let tree = try TemporaryTree(attributes: attributes)
    defer { tree.remove() }
    let node = tree.dev + "/iio:device0"
    guard mkfifo(node, 0o600) == 0 else { throw POSIXError(.EEXIST) }
    let device = try IIOSystem(root: tree.root, deviceDirectory: tree.dev).device(index: 0)
    let reader = try IIOBufferedReader(device: device, channels: device.channels(ofType: .accel))

    let libraryFeeder = try ScanFeeder(path: node)
    let read = reader.start()
    let library = try await measureCPU(
      seconds: seconds,
      {
        var count = 0
        for try await sample in read.samples where sample.vector(.accel) != nil { count += 1 }
        return count
      }, excluded: { libraryFeeder.stop() })
    // The reader's thread releases the FIFO on its own after the cancellation: wait for it, so
    // the reference loop below is the FIFO's only reader.
    await read.close()

    let bareFeeder = try ScanFeeder(path: node)
    let bare = try await measureCPU(
      seconds: seconds, { bareLoop(path: node) }, excluded: { bareFeeder.stop() })
    return Cost(
      library: library.fraction, bare: bare.fraction, rate: Double(library.count) / seconds)
  }

  /// The reference: poll and read the FIFO, counting bytes; no setup, demux or stream.
  @Sendable static func bareLoop(path: String) -> Int {
    let fd = open(path, O_RDONLY | O_NONBLOCK)
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 24 * 64)
    var total = 0
    let started = ContinuousClock.now
    while !Task.isCancelled && started.duration(to: .now) < .seconds(30) {
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 100) > 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count > 0 { total += count }
    }
    return total / 24
  }
}

/// A thread writing one 24-byte scan every millisecond into a FIFO, as a 1 kHz sensor would;
/// it reports its own CPU time so the measurement can leave it out.
final class ScanFeeder: Sendable {
  private let stopping = Atomic<Bool>(false)
  private let cpu = Mutex<Double?>(nil)

  init(path: String) throws {
    let fd = open(path, O_RDWR)
    guard fd >= 0 else { throw POSIXError(.EACCES) }
    let thread = Thread { [self] in
      run(fd: fd)
      close(fd)
    }
    thread.start()
  }

  private func run(fd: Int32) {
    var scan: [UInt8] = [
      0xAD, 0, 0, 0, 0x3D, 0xFC, 0, 0, 0xBB, 0xFD, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]
    var next = timespec()
    clock_gettime(CLOCK_MONOTONIC, &next)
    var timestamp: Int64 = 0
    while !stopping.load(ordering: .relaxed) {
      timestamp += 1_000_000
      withUnsafeBytes(of: timestamp.littleEndian) { scan.replaceSubrange(16..<24, with: $0) }
      _ = scan.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      next.tv_nsec += 1_000_000
      if next.tv_nsec >= 1_000_000_000 {
        next.tv_nsec -= 1_000_000_000
        next.tv_sec += 1
      }
      clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, nil)
    }
    cpu.withLock { $0 = CPUTime.thread() }
  }

  /// Stops the feeder and returns the CPU seconds it used.
  func stop() -> Double {
    stopping.store(true, ordering: .relaxed)
    while true {
      if let seconds = cpu.withLock({ $0 }) { return seconds }
      usleep(1000)
    }
  }
}
