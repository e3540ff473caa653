// fusion-benchmark: OrientationFilter throughput in 9D and 6D on a recording.
//
//   swift run -c release --package-path Benchmarks fusion-benchmark RECORDING.csv [--repeat N] [--only MODE]
//
// --only 9d, 9d-calibrated or 6d runs that mode alone and skips the parse rate (for a profiler:
// `valgrind --tool=callgrind` or `perf record` then see only the filter).
//
// Prints samples per CPU-second of this thread (best of N passes over the whole recording, each sample producing the
// orientation quaternion as VQF's batch call does), in 9D, in 9D with the online magnetometer calibration, and in 6D. Benchmarks/scripts/fusion-vs-vqf.sh runs this and VQF's C++
// (pip `vqf`) on the same file in the same run and prints them side by side.
import ComposableMotion
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// This thread's CPU time in seconds: on a machine shared with other builds, wall-clock time measures the
/// neighbours as much as the filter, while CPU time counts only the cycles spent here.
func threadCPUSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let path = arguments.first(where: { !$0.hasPrefix("--") }) else {
  FileHandle.standardError.write(
    Data("usage: fusion-benchmark RECORDING.csv [--repeat N] [--only 9d|9d-calibrated|6d]\n".utf8))
  exit(2)
}
let repeats: Int = {
  guard let index = arguments.firstIndex(of: "--repeat"), index + 1 < arguments.count,
    let n = Int(arguments[index + 1])
  else { return 5 }
  return max(1, n)
}()

let recording: IMURecording
do {
  recording = try IMURecording(contentsOf: path)
} catch {
  FileHandle.standardError.write(Data("fusion-benchmark: \(error)\n".utf8))
  exit(1)
}
let samples = recording.samples

/// Runs the filter over every sample once and returns the sum of the quaternions' w (a checksum that keeps
/// the work from being optimized away).
func run(_ filter: inout OrientationFilter, _ samples: [IMURecording.Sample], useMagnetometer: Bool)
  -> Double
{
  var sum = 0.0
  for sample in samples {
    filter.update(
      gyroscope: sample.gyroscope ?? .zero, accelerometer: sample.accelerometer ?? .zero,
      magnetometer: useMagnetometer ? sample.magnetometer : nil, timestamp: sample.time)
    sum += (useMagnetometer ? filter.orientation : filter.orientation6D).w
  }
  return sum
}

/// The best rate in samples/s over `repeats` passes, and the checksum.
func measure(
  _ samples: [IMURecording.Sample], repeats: Int, useMagnetometer: Bool, calibrates: Bool = false
) -> (
  rate: Double, checksum: Double
) {
  var best = 0.0
  var checksum = 0.0
  for _ in 0..<repeats {
    var filter = OrientationFilter(
      magnetometerCalibrator: calibrates ? MagnetometerCalibrator() : nil)
    let start = threadCPUSeconds()
    checksum = run(&filter, samples, useMagnetometer: useMagnetometer)
    best = max(best, Double(samples.count) / (threadCPUSeconds() - start))
  }
  return (best, checksum)
}

/// IMURecording parse rate in rows per CPU-second, best of `repeats`.
func measureParsing(_ path: String, repeats: Int) -> Double {
  guard let data = FileManager.default.contents(atPath: path) else { return 0 }
  var best = 0.0
  for _ in 0..<repeats {
    let start = threadCPUSeconds()
    let rows = (try? IMURecording(csv: data))?.samples.count ?? 0
    best = max(best, Double(rows) / (threadCPUSeconds() - start))
  }
  return best
}

let only: String? = {
  guard let index = arguments.firstIndex(of: "--only"), index + 1 < arguments.count else {
    return nil
  }
  return arguments[index + 1]
}()
if let only {
  let result: (rate: Double, checksum: Double)
  switch only {
  case "9d": result = measure(samples, repeats: repeats, useMagnetometer: true)
  case "9d-calibrated":
    result = measure(samples, repeats: repeats, useMagnetometer: true, calibrates: true)
  case "6d": result = measure(samples, repeats: repeats, useMagnetometer: false)
  default:
    FileHandle.standardError.write(
      Data("fusion-benchmark: --only takes 9d, 9d-calibrated or 6d, not \(only)\n".utf8))
    exit(2)
  }
  print(
    String(
      format: "composable-sensors OrientationFilter \(only): %10.0f samples/s  (checksum %.3f)",
      result.rate, result.checksum))
  exit(0)
}
let nine = measure(samples, repeats: repeats, useMagnetometer: true)
let six = measure(samples, repeats: repeats, useMagnetometer: false)
let calibrated = measure(samples, repeats: repeats, useMagnetometer: true, calibrates: true)
print(
  String(
    format: "composable-sensors OrientationFilter 9D: %10.0f samples/s  (checksum %.3f)", nine.rate,
    nine.checksum))
print(
  String(
    format:
      "composable-sensors OrientationFilter 9D + magnetometer calibration: %10.0f samples/s  (checksum %.3f)",
    calibrated.rate, calibrated.checksum))
print(
  String(
    format: "composable-sensors OrientationFilter 6D: %10.0f samples/s  (checksum %.3f)", six.rate,
    six.checksum))
print(
  String(
    format: "composable-sensors IMURecording parse: %10.0f rows/s (%d rows)",
    measureParsing(path, repeats: repeats), samples.count))
