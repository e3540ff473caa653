import Foundation
import Glibc
import LinuxIIO
import Synchronization

/// CPU time of the whole process and of the calling thread, in seconds.
enum CPUTime {
  static func process() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  static func thread() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }

  private static func seconds(_ value: timeval) -> Double {
    Double(value.tv_sec) + Double(value.tv_usec) / 1e6
  }
}

/// What a run cost: fraction of one core for the library and for a bare loop doing the same
/// I/O, and the sample rate the library achieved.
struct Cost {
  var library: Double
  var bare: Double
  var rate: Double
}

/// Runs `body` for `seconds` of wall time and returns (process CPU fraction, body's count).
/// `excluded` is CPU spent by helper threads that stand in for the device, subtracted out.
func measureCPU(
  seconds: Double, _ body: @escaping @Sendable () async throws -> Int,
  excluded: () -> Double = { 0 }
) async throws -> (fraction: Double, count: Int) {
  let cpuStart = CPUTime.process()
  let wallStart = ContinuousClock.now
  let task = Task { try await body() }
  try await Task.sleep(for: .seconds(seconds))
  task.cancel()
  let count = try await task.value
  let wall = wallStart.duration(to: .now)
  let wallSeconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
  return ((CPUTime.process() - cpuStart - excluded()) / wallSeconds, count)
}

/// A temporary sysfs tree for the benchmark, removed afterwards.
struct TemporaryTree {
  let base: String
  var root: String { base + "/sys/bus/iio/devices" }
  var dev: String { base + "/dev" }

  init(attributes: [String: String]) throws {
    base = NSTemporaryDirectory() + "iio-benchmark-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(
      atPath: base + "/dev", withIntermediateDirectories: true)
    for (path, value) in attributes {
      let url = URL(fileURLWithPath: base + "/sys/bus/iio/devices/" + path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(value.utf8).write(to: url)
    }
  }

  func remove() { try? FileManager.default.removeItem(atPath: base) }
}
