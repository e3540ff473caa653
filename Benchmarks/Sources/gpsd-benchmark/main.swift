// gpsd-benchmark: TPV decode throughput of GPSD.GPSDReport.decode on real gpsd lines.
//
// usage: gpsd-benchmark FILE.jsonl [MESSAGES] [REPEATS]
// Decodes MESSAGES lines (cycling through the file) REPEATS times and prints messages/s for each repeat and
// the median, in the same format as the libgps anchor, so Benchmarks/scripts/gpsd-decode-vs-libgps.sh can
// print both side by side. Run under the script's malloc counter to see heap allocations per decode.

import Foundation
import GPSD

#if canImport(Glibc)
  import Glibc
#endif

/// The allocation counter exported by Benchmarks/scripts/malloc_count.c when it is preloaded.
func mallocCalls() -> UInt64? {
  guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "cs_malloc_calls") else {
    return nil
  }
  return symbol.assumingMemoryBound(to: UInt64.self).pointee
}

let arguments = CommandLine.arguments
guard arguments.count >= 2, let text = try? String(contentsOfFile: arguments[1], encoding: .utf8)
else {
  FileHandle.standardError.write(
    Data("usage: gpsd-benchmark FILE.jsonl [MESSAGES] [REPEATS]\n".utf8))
  exit(2)
}
let messages = arguments.count > 2 ? Int(arguments[2]) ?? 1_000_000 : 1_000_000
let repeats = max(1, arguments.count > 3 ? Int(arguments[3]) ?? 5 : 5)
let lines = text.split(whereSeparator: \.isNewline).map { Array($0.utf8) }.filter { !$0.isEmpty }
guard !lines.isEmpty else {
  FileHandle.standardError.write(Data("no lines in \(arguments[1])\n".utf8))
  exit(1)
}
let averageLength = Double(lines.reduce(0) { $0 + $1.count }) / Double(lines.count)

/// Decodes `count` lines, cycling; returns how many had a latitude and their sum (so nothing is optimised away).
@inline(never)
func run(_ count: Int) -> (withPosition: Int, checksum: Double, failures: Int) {
  var withPosition = 0
  var checksum = 0.0
  var failures = 0
  var index = 0
  for _ in 0..<count {
    lines[index].withUnsafeBytes { raw in
      do {
        if case .tpv(let tpv) = try GPSDReport.decode(raw), let lat = tpv.lat {
          checksum += lat
          withPosition += 1
        }
      } catch {
        failures += 1
      }
    }
    index += 1
    if index == lines.count { index = 0 }
  }
  return (withPosition, checksum, failures)
}

_ = run(min(messages, 50_000))  // warm-up
if let before = mallocCalls() {
  let sample = 100_000
  _ = run(sample)
  let after = mallocCalls() ?? before
  print(
    String(
      format: "heap allocations: %.4f per decode (%llu in %d decodes)",
      Double(after - before) / Double(sample), after - before, sample))
} else {
  print("heap allocations: not measured (run under Benchmarks/scripts/gpsd-decode-vs-libgps.sh)")
}
var rates: [Double] = []
for repeatIndex in 0..<repeats {
  let start = ContinuousClock.now
  let result = run(messages)
  let elapsed = start.duration(to: .now)
  let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  let rate = Double(messages) / seconds
  rates.append(rate)
  print(
    String(
      format:
        "rep %d: %d msgs in %.3f s = %.0f msgs/s (%.1f MB/s), latlon-set=%d failures=%d chk=%.3f",
      repeatIndex, messages, seconds, rate, rate * averageLength / 1e6, result.withPosition,
      result.failures, result.checksum))
}
rates.sort()
let median = rates[rates.count / 2]
print(
  String(
    format: "distinct lines=%d avg_len=%.1f bytes; median of %d = %.0f msgs/s (%.1f MB/s)",
    lines.count, averageLength, repeats, median, median * averageLength / 1e6))
