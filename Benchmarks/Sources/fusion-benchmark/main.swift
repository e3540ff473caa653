// fusion-benchmark: OrientationFilter throughput in 9D and 6D on a recording.
//
//   swift run -c release --package-path Benchmarks fusion-benchmark RECORDING.csv [--repeat N]
//
// Prints samples per second (best of N passes over the whole recording, each sample producing the
// orientation quaternion as VQF's batch call does). Benchmarks/fusion-vs-vqf.sh runs this and VQF's C++
// (pip `vqf`) on the same file in the same run and prints them side by side.
import ComposableMotion
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard let path = arguments.first(where: { !$0.hasPrefix("--") }) else {
  FileHandle.standardError.write(Data("usage: fusion-benchmark RECORDING.csv [--repeat N]\n".utf8))
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
  recording = try IMURecording(contentsOf: URL(fileURLWithPath: path))
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
      gyroscope: sample.gyroscope, accelerometer: sample.accelerometer,
      magnetometer: useMagnetometer ? sample.magnetometer : nil, timestamp: sample.time)
    sum += (useMagnetometer ? filter.orientation : filter.orientation6D).w
  }
  return sum
}

/// The best rate in samples/s over `repeats` passes, and the checksum.
func measure(_ samples: [IMURecording.Sample], repeats: Int, useMagnetometer: Bool) -> (
  rate: Double, checksum: Double
) {
  var best = 0.0
  var checksum = 0.0
  let clock = ContinuousClock()
  for _ in 0..<repeats {
    var filter = OrientationFilter()
    let start = clock.now
    checksum = run(&filter, samples, useMagnetometer: useMagnetometer)
    let elapsed = clock.now - start
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    best = max(best, Double(samples.count) / seconds)
  }
  return (best, checksum)
}

let nine = measure(samples, repeats: repeats, useMagnetometer: true)
let six = measure(samples, repeats: repeats, useMagnetometer: false)
print(
  String(
    format: "composable-sensors OrientationFilter 9D: %10.0f samples/s  (checksum %.3f)", nine.rate,
    nine.checksum))
print(
  String(
    format: "composable-sensors OrientationFilter 6D: %10.0f samples/s  (checksum %.3f)", six.rate,
    six.checksum))
