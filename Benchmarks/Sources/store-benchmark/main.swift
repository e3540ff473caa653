// store-benchmark: the three performance figures of issue 2, each beside its reference,
// measured in one run. Run: swift run -c release --package-path Benchmarks store-benchmark
import ComposableStore

#if canImport(Glibc)
  import Glibc
#endif

let clock = ContinuousClock()

func rate(_ count: Int, _ elapsed: Duration) -> Double {
  Double(count)
    / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
}

func format(_ perSecond: Double) -> String {
  if perSecond >= 1e6 { return String(Int(perSecond / 1e4)).inserting(".", fromEnd: 2) + " M/s" }
  return String(Int(perSecond / 10)).inserting(".", fromEnd: 2) + " k/s"
}

extension String {
  func inserting(_ separator: Character, fromEnd offset: Int) -> String {
    let padded = count <= offset ? String(repeating: "0", count: offset - count + 1) + self : self
    var copy = padded
    copy.insert(separator, at: copy.index(copy.endIndex, offsetBy: -offset))
    return copy
  }
}

func row(_ label: String, _ value: String, _ note: String = "") {
  let padded = label.padding(toLength: 46)
  print("  \(padded) \(value.padding(toLength: 12, left: true))  \(note)")
}

extension String {
  func padding(toLength length: Int, left: Bool = false) -> String {
    guard count < length else { return self }
    let pad = String(repeating: " ", count: length - count)
    return left ? pad + self : self + pad
  }
}

/// The best of `runs` timings of `body`, which returns how many operations it did.
func best(of runs: Int = 3, _ body: () async -> Int) async -> Double {
  var result = 0.0
  for _ in 0..<runs {
    let start = clock.now
    let count = await body()
    result = max(result, rate(count, start.duration(to: clock.now)))
  }
  return result
}

/// `store-benchmark 2` runs only the second figure; no argument runs all three.
let only = CommandLine.arguments.dropFirst().first.flatMap { Int($0) }
func enabled(_ section: Int) -> Bool { only == nil || only == section }

print(
  "store-benchmark (release build, \(ProcessInfoLite.cores) cores; best of several runs each)\n")

// MARK: 3. Memory: run first, so the peak is not inflated by the other phases.
if enabled(3) {
  print("3. Peak memory while a stalling reducer receives 1,000,000 effect actions")
  let producers = 4
  let each = 250_000
  Memory.resetPeak()
  let before = Memory.peakKiB
  let store = Store(initialState: 0) { Stalling(stallEvery: 50_000, stall: .milliseconds(100)) }
  let start = clock.now
  await store.send(.start(producers: producers, actionsEach: each)).finish()
  let elapsed = start.duration(to: clock.now)
  let storePeak = Memory.peakKiB - before
  row(
    "Store (Send waits for the reducer)", "+\(storePeak) KiB",
    "\(store.state) actions in \(elapsed), peak RSS growth")

  // Reference: the same 1,000,000 actions in an unbounded mailbox while the consumer stalls,
  // which is what a store that buffers effect actions without back-pressure would hold.
  Memory.resetPeak()
  let baseline = Memory.peakKiB
  let (mailbox, input) = AsyncStream.makeStream(of: Stalling.Action.self)
  for value in 0..<(producers * each) { input.yield(.sample(value)) }
  input.finish()
  var drained = 0
  for await _ in mailbox { drained += 1 }
  row(
    "Reference: unbounded AsyncStream mailbox", "+\(Memory.peakKiB - baseline) KiB",
    "\(drained) actions queued before the consumer runs")
  print(
    "  Policy: an effect's `await send(_:)` returns after the reducer handled the action, so at")
  print("  most one action per running effect waits: memory is bounded by the number of effects.\n")
}

// MARK: 1. Synchronous send throughput.
if enabled(1) {
  print("1. Synchronous send throughput, counter reducer (goal ≥ 5 M actions/s)")
  let count = 5_000_000
  let store = Store(initialState: 0) { Counter() }
  let storeRate = await best {
    for _ in 0..<count { store.send(.increment) }
    return count
  }
  let locked = LockedCounter()
  let lockRate = await best {
    for _ in 0..<count { locked.send() }
    return count
  }
  var plain = 0
  let bareRate = await best {
    for _ in 0..<count { callReducer(&plain) }
    return count
  }
  let actor = ActorCounter()
  let actorRate = await best {
    await Task.detached {
      for _ in 0..<1_000_000 { await actor.send() }
    }.value
    return 1_000_000
  }
  let mainActor = MainActorCounter()
  let mainRate = await best {
    await Task.detached {
      for _ in 0..<20_000 { await mainActor.send() }
    }.value
    return 20_000
  }
  row("Store.send (lock)", format(storeRate), storeRate >= 5e6 ? "goal met" : "BELOW GOAL")
  row("Reference: reducer call, no store", format(bareRate), "(not inlined)")
  row("Reference: Mutex around an Int", format(lockRate))
  row("Reference: actor-isolated counter, from a task", format(actorRate))
  row(
    "Reference: main-actor counter, from a task", format(mainRate),
    String(format1: 1e6 / mainRate) + " µs per hop")
  precondition(store.state > 0 && plain > 0 && locked.value > 0)
  print("")
}

// MARK: 2. Effect.run over an AsyncStream vs a bare for-await.
if enabled(2) {
  print("2. Effect.run reading an AsyncStream of 1,000,000 values (goal ≥ 50 % of bare for-await)")
  let count = 1_000_000
  func filledStream() -> AsyncStream<Int> {
    let (stream, input) = AsyncStream.makeStream(of: Int.self)
    for value in 0..<count { input.yield(value) }
    input.finish()
    return stream
  }
  /// One timed pass of a bare `for await`, on the global executor like an effect's task (the
  /// top level runs on the main actor).
  func barePass() async -> Double {
    let stream = filledStream()
    let start = clock.now
    let sum = await Task.detached {
      var sum = 0
      for await value in stream { sum &+= value }
      return sum
    }.value
    precondition(sum == count * (count - 1) / 2)
    return rate(count, start.duration(to: clock.now))
  }
  func effectPass() async -> Double {
    let stream = filledStream()
    let store = Store(initialState: StreamSum.State()) { StreamSum() }
    let start = clock.now
    await store.send(.start(stream)).finish()
    let result = rate(count, start.duration(to: clock.now))
    precondition(store.state.count == count && store.state.sum == count * (count - 1) / 2)
    return result
  }
  // Interleaved, best of 5 each: the machine is shared, so load drifts between passes.
  var bareRate = 0.0
  var effectRate = 0.0
  for _ in 0..<5 {
    bareRate = max(bareRate, await barePass())
    effectRate = max(effectRate, await effectPass())
  }
  let mainActor = MainActorCounter()
  let hopped = 50_000
  let hopRate = await best {
    let (stream, input) = AsyncStream.makeStream(of: Int.self)
    for value in 0..<hopped { input.yield(value) }
    input.finish()
    await Task.detached { for await _ in stream { await mainActor.send() } }.value
    return hopped
  }
  let ratio = effectRate / bareRate * 100
  row(
    "Effect.run → Store", format(effectRate),
    "\(String(format1: ratio)) % of bare" + (ratio >= 50 ? ", goal met" : ", BELOW GOAL"))
  row("Reference: bare for await", format(bareRate))
  row(
    "Reference: for await + main-actor hop", format(hopRate),
    "\(String(format1: hopRate / bareRate * 100)) % of bare (50,000 values)")
}

// MARK: 4. Reading a dependency in every action vs holding the client.
if enabled(4) {
  print("\n4. A reducer reading @Dependency(\\.gauge) in every action (goal ≤ 20 % more time)")
  let count = 5_000_000
  // Each store is made for its pass and released after it, as an app has one configuration or
  // the other: while any store made inside withDependencies lives, every read looks up the
  // task-local values (see DependencyScope).
  var states: [Int] = []
  /// One timed pass of `count` sends to `store`.
  func pass<A: Sendable>(_ store: Store<Int, A>, _ action: A) -> Double {
    let start = clock.now
    for _ in 0..<count { store.send(action) }
    let result = rate(count, start.duration(to: clock.now))
    states.append(store.state)
    return result
  }
  // Interleaved, best of 5 each, as the second figure.
  var heldRate = 0.0
  var readRate = 0.0
  var overriddenRate = 0.0
  for _ in 0..<5 {
    heldRate = max(
      heldRate, pass(Store(initialState: 0) { PropertyReader(gauge: .constant(1)) }, .sample))
    readRate = max(readRate, pass(Store(initialState: 0) { DependencyReader() }, .sample))
    let overridden = withDependencies {
      $0.gauge = .constant(1)
    } operation: {
      Store(initialState: 0) { DependencyReader() }
    }
    overriddenRate = max(overriddenRate, pass(overridden, .sample))
  }
  precondition(states.allSatisfy { $0 == count })
  let extra = (heldRate / readRate - 1) * 100
  let extraOverridden = (heldRate / overriddenRate - 1) * 100
  row("Reference: client held as a property", format(heldRate))
  row(
    "@Dependency, live default", format(readRate),
    "+\(String(format1: extra)) % time per action" + (extra <= 20 ? ", goal met" : ", ABOVE GOAL"))
  row(
    "@Dependency, store made in withDependencies", format(overriddenRate),
    "+\(String(format1: extraOverridden)) % time per action")
}

enum ProcessInfoLite {
  static var cores: Int {
    #if canImport(Glibc)
      return Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    #else
      return 0
    #endif
  }
}

extension String {
  init(format1 value: Double) {
    let tenths = Int((value * 10).rounded())
    self = "\(tenths / 10).\(abs(tenths % 10))"
  }
}

/// One reducer call the optimiser cannot fold away, for the "no store" reference.
@inline(never)
func callReducer(_ state: inout Int) {
  _ = Counter().reduce(into: &state, action: .increment)
}
