// file-storage-benchmark: a reducer changing a `@Shared(.fileStorage)` value on every action,
// as a device app keeping a sensor-rate value in a file would. Two ways of writing, in
// alternated turns so a shared machine's load falls on both alike:
//   immediate   every change written on the reducer's thread before `send` returns (atomic
//               replace, two fsyncs): what every change cost before writes were throttled,
//               and what `FileStorage.immediate` does;
//   throttled   the live default: the first change written at once, later ones coalesced into
//               one write a second, all off the reducer's thread.
// Run: swift run -c release --package-path Benchmarks file-storage-benchmark [SECONDS] [ROUNDS]
import ComposableSensorsFoundation
import ComposableStore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// A feature keeping the latest heading sample in a file.
struct Heading: Reducer {
  struct State: Sendable {
    @Shared var degrees: Double
  }

  enum Action: Sendable { case sample(Double) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .sample(let degrees):
      state.degrees = degrees
      return .none
    }
  }
}

/// How many `write(2)` calls the process has made (`syscw` in `/proc/self/io`), or nil.
func writeCalls() -> Int? {
  guard let file = fopen("/proc/self/io", "r") else { return nil }
  defer { fclose(file) }
  var line = [CChar](repeating: 0, count: 256)
  while fgets(&line, Int32(line.count), file) != nil {
    let text = String(
      decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    if text.hasPrefix("syscw:") {
      return Int(text.dropFirst(6).trimmingCharacters(in: " \n"))
    }
  }
  return nil
}

extension StringProtocol {
  func trimmingCharacters(in set: String) -> String {
    String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
  }
}

struct Turn {
  var actions = 0
  var seconds = 0.0
  var writes: Int?
  var rate: Double { Double(actions) / seconds }
}

/// Sends samples for `seconds` to a store whose file storage is `storage`; the file is flushed
/// and checked to hold the last sample.
func turn(_ storage: FileStorage, path: String, seconds: Double) -> Turn {
  unlink(path)
  let clock = ContinuousClock()
  return withDependencies {
    $0.defaultInMemoryStorage = InMemoryStorage()
    $0.defaultFileStorage = storage
  } operation: {
    let store = Store(
      initialState: Heading.State(degrees: Shared(wrappedValue: 0, .fileStorage(path)))
    ) {
      Heading()
    }
    let writesBefore = writeCalls()
    let start = clock.now
    let end = start.advanced(by: .seconds(seconds))
    var sent = 0
    while clock.now < end {
      for _ in 0..<64 {
        sent += 1
        store.send(.sample(Double(sent % 360)))
      }
    }
    let elapsed = start.duration(to: clock.now)
    storage.flush()
    let writesAfter = writeCalls()
    let writes = writesBefore.flatMap { before in writesAfter.map { $0 - before } }
    let onDisk = (try? String(contentsOfFile: path, encoding: .utf8)).flatMap(Double.init)
    if onDisk != Double(sent % 360) {
      print("  ! the file holds \(String(describing: onDisk)), not the last sample \(sent % 360)")
    }
    let (whole, fraction) = elapsed.components
    return Turn(
      actions: sent, seconds: Double(whole) + Double(fraction) * 1e-18, writes: writes)
  }
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Double($0) }
let seconds = arguments.first ?? 3
let rounds = arguments.dropFirst().first.map { Int($0) } ?? 3
let directory = "/tmp/file-storage-benchmark-\(getpid())"
mkdir(directory, 0o755)
defer { rmdir(directory) }
let path = directory + "/heading.json"

print("file-storage-benchmark: a reducer changing @Shared(.fileStorage) on every action")
print(
  "\(seconds) s per turn, \(rounds) rounds of alternated turns; write(2) calls from /proc/self/io\n"
)
print("round  immediate actions/s  writes   throttled actions/s  writes   ratio")
var immediateRates: [Double] = []
var throttledRates: [Double] = []
for round in 1...rounds {
  // Alternate which goes first, so neither always follows the other's flush.
  let first = round % 2 == 1
  var immediate = Turn()
  var throttled = Turn()
  if first { immediate = turn(.immediate, path: path, seconds: seconds) }
  throttled = turn(.fileSystem(throttle: .seconds(1)), path: path, seconds: seconds)
  if !first { immediate = turn(.immediate, path: path, seconds: seconds) }
  immediateRates.append(immediate.rate)
  throttledRates.append(throttled.rate)
  func cell(_ value: Double) -> String { String(Int(value.rounded())) }
  print(
    "\(round)      \(cell(immediate.rate).padded(19))  \((immediate.writes.map(String.init) ?? "?").padded(6))"
      + "   \(cell(throttled.rate).padded(19))  \((throttled.writes.map(String.init) ?? "?").padded(6))"
      + "   \(cell(throttled.rate / immediate.rate))x")
}
let median = { (values: [Double]) in values.sorted()[values.count / 2] }
print(
  "\nmedian immediate \(Int(median(immediateRates))) actions/s (\(Int(1e9 / median(immediateRates))) ns each), "
    + "throttled \(Int(median(throttledRates))) actions/s (\(Int(1e9 / median(throttledRates))) ns each)"
)
unlink(path)

extension String {
  func padded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
