import Foundation
import Glibc
import Synchronization

/// A sysfs tree with one 6-axis IMU (LSM6DSx-like: accel and anglvel, 16-bit, boot-time stamps)
/// whose character device is a FIFO.
struct SensorTree {
  let base: String
  var root: String { base + "/sys/bus/iio/devices" }
  var dev: String { base + "/dev" }
  var node: String { dev + "/iio:device0" }

  static let attributes: [String: String] = {
    var values: [String: String] = [
      "name": "lsm6dsox\n", "buffer/enable": "0\n", "buffer/length": "512\n",
      "buffer/watermark": "1\n", "current_timestamp_clock": "realtime\n",
      "sampling_frequency": "1000\n", "sampling_frequency_available": "104 208 416 833 1000\n",
      "in_accel_scale": "0.000598\n", "in_anglvel_scale": "0.000153\n",
      "trigger/current_trigger": "\n",
      "scan_elements/in_timestamp_en": "0\n", "scan_elements/in_timestamp_index": "6\n",
      "scan_elements/in_timestamp_type": "le:s64/64>>0\n",
    ]
    for (index, channel) in [
      "accel_x", "accel_y", "accel_z", "anglvel_x", "anglvel_y", "anglvel_z",
    ].enumerated() {
      values["scan_elements/in_\(channel)_en"] = "0\n"
      values["scan_elements/in_\(channel)_index"] = "\(index)\n"
      values["scan_elements/in_\(channel)_type"] = "le:s16/16>>0\n"
      values["in_\(channel)_raw"] = "0\n"
    }
    return values
  }()

  init() throws {
    base = NSTemporaryDirectory() + "motion-pipeline-\(getpid())"
    let device = base + "/sys/bus/iio/devices/iio:device0"
    try FileManager.default.createDirectory(
      atPath: base + "/dev", withIntermediateDirectories: true)
    for (path, value) in Self.attributes {
      let url = URL(fileURLWithPath: device + "/" + path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(value.utf8).write(to: url)
    }
    guard mkfifo(base + "/dev/iio:device0", 0o600) == 0 else {
      throw POSIXError(.EEXIST)
    }
  }

  func remove() { try? FileManager.default.removeItem(atPath: base) }
}

/// A thread writing one 24-byte scan (six 16-bit axes, padding, a boot-time stamp) every
/// millisecond into the FIFO, as a 1 kHz sensor would; it reports its own CPU time so the
/// measurement can leave it out.
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
    // At rest, flat: +1 g on z (16405 × 0.000598 m/s²), a slight turn about z.
    var scan = [UInt8](repeating: 0, count: 24)
    withUnsafeBytes(of: Int16(16405).littleEndian) { scan.replaceSubrange(4..<6, with: $0) }
    withUnsafeBytes(of: Int16(12).littleEndian) { scan.replaceSubrange(10..<12, with: $0) }
    var next = timespec()
    clock_gettime(CLOCK_MONOTONIC, &next)
    while !stopping.load(ordering: .relaxed) {
      let stamp = bootTimeNanoseconds()
      withUnsafeBytes(of: stamp.littleEndian) { scan.replaceSubrange(16..<24, with: $0) }
      _ = scan.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      next.tv_nsec += 1_000_000
      if next.tv_nsec >= 1_000_000_000 {
        next.tv_nsec -= 1_000_000_000
        next.tv_sec += 1
      }
      clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, nil)
    }
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    cpu.withLock { $0 = Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9 }
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

/// Process CPU seconds.
func processCPU() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}

/// Runs `body` for `seconds` of wall time, then `stop`, and returns the process CPU seconds and
/// the wall seconds spent.
func measureCPU(
  seconds: Double, _ body: @escaping @Sendable () async throws -> Void,
  stop: @escaping @Sendable () async -> Void
) async throws -> (cpu: Double, wall: Double) {
  let cpuStart = processCPU()
  let wallStart = ContinuousClock.now
  let task = Task { try await body() }
  try await Task.sleep(for: .seconds(seconds))
  let cpu = processCPU() - cpuStart
  let wall = wallStart.duration(to: .now)
  task.cancel()
  await stop()
  _ = try? await task.value
  return (cpu, Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18)
}

/// The reference: poll and read the FIFO until cancelled, counting scans; no setup, demux,
/// fusion or store.
func bareLoop(path: String) -> Int {
  let fd = open(path, O_RDONLY | O_NONBLOCK)
  defer { close(fd) }
  var buffer = [UInt8](repeating: 0, count: 24 * 64)
  var total = 0
  while !Task.isCancelled {
    var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, 100) > 0 else { continue }
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    if count > 0 { total += count }
  }
  return total / 24
}

/// Peak resident memory of the process, in MB (VmHWM).
func residentMegabytes() -> Double {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
    return -1
  }
  for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
    let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? -1
    return kilobytes / 1024
  }
  return -1
}
