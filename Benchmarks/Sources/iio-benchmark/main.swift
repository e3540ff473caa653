// iio-benchmark: LinuxIIO's buffered demux against memcpy of the same bytes, and the CPU cost
// of reading live (polling sysfs at 100 Hz, buffered at 1 kHz) against bare read loops.
//
//   swift run -c release --package-path Benchmarks iio-benchmark [--quick]

import Foundation
import Glibc
import LinuxIIO

let quick = CommandLine.arguments.contains("--quick")

print("LinuxIIO benchmark (\(quick ? "quick" : "full") run, release build expected)")
print("")
print("Demux throughput (goal: >= 20 M scans/s and within 10x of memcpy)")
print(pad("scan", 34) + pad("demux", 16) + pad("memcpy", 16) + "ratio")
for scenario in try DemuxScenario.all() {
  let result = scenario.measure(seconds: quick ? 0.3 : 1.5)
  let verdict = result.demuxRate >= 20e6 && result.ratio <= 10 ? "ok" : "MISSED"
  print(
    pad(scenario.name, 34) + pad(millions(result.demuxRate), 16)
      + pad(millions(result.memcpyRate), 16)
      + String(format: "%.1fx  %@", result.ratio, verdict))
}

print("")
print("CPU cost of live reading, % of one core (process CPU time / wall time)")
print(pad("path", 44) + pad("LinuxIIO", 12) + pad("bare loop", 12) + "rate")
let seconds = quick ? 1.0 : 4.0
let polling = try await PollingCost.measure(seconds: seconds)
print(
  pad("polling 6 sysfs channels at 100 Hz", 44) + pad(percent(polling.library), 12)
    + pad(percent(polling.bare), 12) + String(format: "%.0f Hz", polling.rate))
let buffered = try await BufferedCost.measure(seconds: seconds)
print(
  pad("buffered 24-byte scans at 1 kHz (FIFO)", 44) + pad(percent(buffered.library), 12)
    + pad(percent(buffered.bare), 12) + String(format: "%.0f Hz", buffered.rate))

func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}

func millions(_ rate: Double) -> String { String(format: "%.1f M/s", rate / 1e6) }

func percent(_ fraction: Double) -> String { String(format: "%.2f %%", fraction * 100) }
