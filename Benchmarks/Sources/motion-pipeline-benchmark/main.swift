// The whole live motion path within a small board's budget: 1 kHz accelerometer+gyroscope scans
// through a FIFO standing in for /dev/iio:device0 → MotionClient.live (buffered) → device motion
// at 100 Hz → Effect.run → Store, for 20 s, beside a bare loop reading the same FIFO.
//
//   swift run -c release --package-path Benchmarks motion-pipeline-benchmark [seconds]
//
// The app starts device motion with `motion.deviceMotionUpdates(id:interval:)`: the effect's task
// iterates the client's bounded stream and sends each output, the one way a sample reaches a
// reducer (a hand-written `.run { for try await … }` over `startDeviceMotionUpdates` is the same).
//
// Prints exactly one line:
//   pipeline: cpu X % of one core, bare read loop Y %, latency p50 A us p99 B us, rss C MB
// CPU is process CPU time over wall time, less the CPU of the thread that plays the sensor.
// Latency runs from the write of the scan that completes an output (its kernel-style boot-time
// stamp) to the reducer receiving that output.
import ComposableMotion
import ComposableStore
import Foundation
import Glibc
import Synchronization

let seconds = CommandLine.arguments.dropFirst().lazy.compactMap(Double.init).first ?? 20

let tree = try SensorTree()
defer { tree.remove() }

// The pipeline, as an app would write it.
let latencies = LatencyLog()
let client = MotionClient.live(root: tree.root, deviceDirectory: tree.dev, mode: .buffered)
let store = Store(initialState: Pipeline.State()) {
  Pipeline(motion: client, latencies: latencies)
}

let feeder = try ScanFeeder(path: tree.node)
let pipelineCPU = try await measureCPU(seconds: seconds) {
  await store.send(.start).finish()
} stop: {
  await store.send(.stop).finish()
}
let pipelineFeederCPU = feeder.stop()
let pipeline = (pipelineCPU.cpu - pipelineFeederCPU) / pipelineCPU.wall
let rss = residentMegabytes()

let bareFeeder = try ScanFeeder(path: tree.node)
let bareCPU = try await measureCPU(seconds: seconds) {
  _ = bareLoop(path: tree.node)
} stop: {
}
let bare = (bareCPU.cpu - bareFeeder.stop()) / bareCPU.wall

let sorted = latencies.values.sorted()
func percentile(_ p: Double) -> Int {
  sorted.isEmpty ? -1 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}
guard sorted.count >= Int(seconds * 50) else {
  print(
    "pipeline: only \(sorted.count) outputs in \(seconds) s (expected about \(Int(seconds * 100)))")
  exit(1)
}
print(
  "pipeline: cpu \(format(pipeline * 100)) % of one core, bare read loop \(format(bare * 100)) %, "
    + "latency p50 \(percentile(0.5)) us p99 \(percentile(0.99)) us, rss \(format(rss)) MB")

func format(_ value: Double) -> String { String(format: "%.2f", value) }
