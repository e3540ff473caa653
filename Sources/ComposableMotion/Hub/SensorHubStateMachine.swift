import SensorsCore

/// The bookkeeping behind shared sensor readers, free of any concurrency so a test can drive it.
///
/// Every subscription (one per manager id and service) names the raw sensors it needs. Each raw
/// sensor is served by one reader (``routes``); several sensors may share one reader when they
/// sit on the same physical device. A reader runs while at least one subscription needs one of
/// its sensors, at the shortest interval any of them asked for, and is restarted (new
/// generation) when that set or interval changes. Results are commands for the imperative shell:
/// streams to finish and readers to start or stop. Generations let the shell ignore a stopped
/// reader's late samples; tokens let it ignore a replaced stream's late termination.
struct SensorHubStateMachine<ReaderID: Hashable & Sendable>: Sendable {
  typealias Token = UInt64

  struct SubscriptionKey: Hashable, Sendable {
    var owner: AnyHashableSendable
    var service: MotionService
  }

  struct Subscription: Sendable, Equatable {
    var token: Token
    var sensors: Set<MotionSensor>
    var interval: Duration
    var nextDue: Double?
    var countdown: Int = 0
    var dropped: Int
  }

  struct ReaderState: Sendable, Equatable {
    var generation: UInt64
    var interval: Duration
    var sensors: Set<MotionSensor>
  }

  enum ReaderCommand: Sendable, Equatable {
    case start(ReaderID, generation: UInt64, interval: Duration, sensors: Set<MotionSensor>)
    case stop(ReaderID, generation: UInt64)
  }

  /// What the shell must do after a change: finish these streams (normally, or with `error`),
  /// then carry out the reader commands in order.
  struct AfterUnlock: Sendable, Equatable {
    var finished: [Token] = []
    var failed: [Token] = []
    var commands: [ReaderCommand] = []
  }

  /// Which reader serves each raw sensor; a sensor absent here is unavailable.
  private(set) var routes: [MotionSensor: ReaderID]
  /// Readers that deliver exactly one scan per interval asked of them (polling): their
  /// subscribers are thinned by counting scans, not by timestamps, which is exact even when
  /// the pacing clock is not the clock the timestamps come from (a test clock).
  private(set) var selfPacedReaders: Set<ReaderID>
  private(set) var subscriptions: [SubscriptionKey: Subscription] = [:]
  private(set) var readers: [ReaderID: ReaderState] = [:]
  private var keysByToken: [Token: SubscriptionKey] = [:]
  private var nextToken: Token = 1
  private var nextGeneration: UInt64 = 1

  init(routes: [MotionSensor: ReaderID], selfPacedReaders: Set<ReaderID> = []) {
    self.routes = routes
    self.selfPacedReaders = selfPacedReaders
  }

  /// Takes the routes of a new look at the devices (one appeared or vanished). A sensor whose
  /// reader is running keeps it: that reader goes on until it stops or fails (a vanished
  /// device fails it), and the look after that moves the sensor. Readers not running take
  /// the new routes and pacing.
  mutating func reroute(
    _ newRoutes: [MotionSensor: ReaderID], selfPacedReaders newPaced: Set<ReaderID>
  ) {
    var merged = newRoutes
    for (sensor, reader) in routes where readers[reader] != nil { merged[sensor] = reader }
    routes = merged
    let running = Set(readers.keys)
    selfPacedReaders = selfPacedReaders.intersection(running).union(newPaced.subtracting(running))
  }

  /// The raw sensors a sensor needs that are missing, in a stable order.
  func missing(_ sensors: Set<MotionSensor>) -> [MotionSensor] {
    MotionSensor.allCases.filter { sensors.contains($0) && routes[$0] == nil }
  }

  /// Adds (or replaces) the subscription of `owner` to `service`, reading `sensors`.
  ///
  /// A second subscription for the same owner and service replaces the first: the old stream
  /// is finished normally and its drop count starts again from zero.
  /// Returns `nil` when a sensor is unavailable; nothing changes then.
  mutating func subscribe(
    owner: AnyHashableSendable,
    service: MotionService,
    sensors: Set<MotionSensor>,
    interval: Duration
  ) -> (token: Token, afterUnlock: AfterUnlock)? {
    guard missing(sensors).isEmpty, !sensors.isEmpty else { return nil }
    let key = SubscriptionKey(owner: owner, service: service)
    var afterUnlock = AfterUnlock()
    if let old = subscriptions[key] {
      afterUnlock.finished.append(old.token)
      keysByToken[old.token] = nil
    }
    let token = nextToken
    nextToken += 1
    subscriptions[key] = Subscription(
      token: token, sensors: sensors, interval: interval, nextDue: nil, dropped: 0)
    keysByToken[token] = key
    afterUnlock.commands = reconcileReaders()
    return (token, afterUnlock)
  }

  /// Ends the subscription of `owner` to `service`. With a `token`, only that exact
  /// subscription ends (a replaced stream's late cancellation must not end its successor).
  mutating func unsubscribe(
    owner: AnyHashableSendable, service: MotionService, token: Token? = nil
  ) -> AfterUnlock {
    let key = SubscriptionKey(owner: owner, service: service)
    guard let current = subscriptions[key], token == nil || token == current.token else {
      return AfterUnlock()
    }
    subscriptions[key] = nil
    keysByToken[current.token] = nil
    return AfterUnlock(finished: [current.token], commands: reconcileReaders())
  }

  /// Ends every subscription of `owner` (its manager is being destroyed).
  mutating func removeAll(owner: AnyHashableSendable) -> AfterUnlock {
    let keys = subscriptions.keys.filter { $0.owner == owner }
    var finished: [Token] = []
    for key in keys {
      if let sub = subscriptions.removeValue(forKey: key) {
        finished.append(sub.token)
        keysByToken[sub.token] = nil
      }
    }
    return AfterUnlock(finished: finished.sorted(), commands: reconcileReaders())
  }

  /// Changes the interval of a running subscription; the reader may restart at a new rate.
  mutating func updateInterval(
    owner: AnyHashableSendable, service: MotionService, interval: Duration
  ) -> AfterUnlock {
    let key = SubscriptionKey(owner: owner, service: service)
    guard subscriptions[key] != nil else { return AfterUnlock() }
    subscriptions[key]?.interval = interval
    return AfterUnlock(commands: reconcileReaders())
  }

  /// Routes a scan from `reader` to the subscriptions that want it now; a stale generation
  /// (a reader already stopped) delivers nothing. Raw subscriptions are paced to their own
  /// interval (see ``OutputPacing``); device-motion subscriptions see every scan because the
  /// filter needs them all, and pace their output themselves.
  mutating func deliver(
    _ scan: MotionScan, from reader: ReaderID, generation: UInt64
  ) -> [(token: Token, service: MotionService)] {
    var targets: [(token: Token, service: MotionService)] = []
    if let state = running(reader, generation: generation) {
      route(scan, on: reader, state, into: &targets)
    }
    return targets
  }

  /// The state of `reader` if it is running at `generation` (a read's scans count only then).
  /// A reader routing a whole read looks it up once, then calls ``route(_:on:_:into:)`` per scan.
  func running(_ reader: ReaderID, generation: UInt64) -> ReaderState? {
    guard let state = readers[reader], state.generation == generation else { return nil }
    return state
  }

  /// Appends the subscriptions `scan` of the running `reader` (in `state`) is for, due ones
  /// only for raw subscriptions, in token order.
  mutating func route(
    _ scan: MotionScan, on reader: ReaderID, _ state: ReaderState,
    into targets: inout [(token: Token, service: MotionService)]
  ) {
    let start = targets.endIndex
    for (key, sub) in subscriptions where sub.sensors.contains(where: scan.contains) {
      if key.service.sensor != nil {
        guard isDue(scan, for: key, sub, on: reader, state) else { continue }
      }
      targets.append((sub.token, key.service))
    }
    if targets.endIndex - start > 1 { targets[start...].sort { $0.token < $1.token } }
  }

  /// The subscriptions `reader` (at `generation`) currently serves, in no particular order.
  func served(by reader: ReaderID, generation: UInt64) -> [Token] {
    guard let state = readers[reader], state.generation == generation else { return [] }
    return subscriptions.values.compactMap { sub in
      sub.sensors.contains { routes[$0] == reader } ? sub.token : nil
    }
  }

  private mutating func isDue(
    _ scan: MotionScan, for key: SubscriptionKey, _ sub: Subscription, on reader: ReaderID,
    _ state: ReaderState
  ) -> Bool {
    if selfPacedReaders.contains(reader) {
      let every = Self.scansPerOutput(sub.interval, readerInterval: state.interval)
      subscriptions[key]?.countdown = sub.countdown == 0 ? every - 1 : sub.countdown - 1
      return sub.countdown == 0
    }
    var nextDue = sub.nextDue
    let due = OutputPacing.isDue(scan.timestamp, period: seconds(sub.interval), nextDue: &nextDue)
    subscriptions[key]?.nextDue = nextDue
    return due
  }

  /// How many scans of a self-paced reader make one output at `interval`: at least one. A zero
  /// reader interval (the client never asks for one, but the machine must not trap on it) or
  /// an absurdly long subscriber interval cannot become a division's trap on `Int`.
  static func scansPerOutput(_ interval: Duration, readerInterval: Duration) -> Int {
    let ratio = seconds(interval) / seconds(readerInterval)
    guard ratio.isFinite, ratio > 1 else { return 1 }
    return Int(min(ratio, 1e9).rounded())
  }

  /// Counts `count` samples dropped by a slow consumer of `token`'s stream.
  mutating func recordDrop(token: Token, count: Int = 1) {
    guard let key = keysByToken[token] else { return }
    subscriptions[key]?.dropped += count
  }

  /// Samples dropped so far from the current subscription of `owner` to `service`.
  func dropped(owner: AnyHashableSendable, service: MotionService) -> Int {
    subscriptions[SubscriptionKey(owner: owner, service: service)]?.dropped ?? 0
  }

  /// Whether `owner` currently has a subscription to `service`.
  func isActive(owner: AnyHashableSendable, service: MotionService) -> Bool {
    subscriptions[SubscriptionKey(owner: owner, service: service)] != nil
  }

  /// A reader failed: every subscription it served fails, and the reader is forgotten so a
  /// later start begins a fresh one.
  mutating func readerFailed(_ reader: ReaderID, generation: UInt64) -> AfterUnlock {
    guard let state = readers[reader], state.generation == generation else { return AfterUnlock() }
    let served = Set(routes.filter { $0.value == reader }.keys)
    let keys = subscriptions.filter { !$0.value.sensors.isDisjoint(with: served) }.keys
    var failed: [Token] = []
    for key in keys {
      if let sub = subscriptions.removeValue(forKey: key) {
        failed.append(sub.token)
        keysByToken[sub.token] = nil
      }
    }
    readers[reader] = nil
    var afterUnlock = AfterUnlock(failed: failed.sorted(), commands: reconcileReaders())
    afterUnlock.commands.insert(.stop(reader, generation: generation), at: 0)
    return afterUnlock
  }

  /// A reader ran out of data (a replay's end): its subscriptions finish normally.
  mutating func readerEnded(_ reader: ReaderID, generation: UInt64) -> AfterUnlock {
    var afterUnlock = readerFailed(reader, generation: generation)
    afterUnlock.finished = afterUnlock.failed
    afterUnlock.failed = []
    return afterUnlock
  }

  /// Brings the running readers in line with what the subscriptions need.
  private mutating func reconcileReaders() -> [ReaderCommand] {
    var wanted: [ReaderID: (interval: Duration, sensors: Set<MotionSensor>)] = [:]
    for sub in subscriptions.values {
      for sensor in sub.sensors {
        guard let reader = routes[sensor] else { continue }
        var entry = wanted[reader] ?? (sub.interval, [])
        entry.interval = min(entry.interval, sub.interval)
        entry.sensors.insert(sensor)
        wanted[reader] = entry
      }
    }
    var stops: [ReaderCommand] = []
    var starts: [ReaderCommand] = []
    for (reader, state) in readers {
      let want = wanted[reader]
      if want?.interval != state.interval || want?.sensors != state.sensors {
        stops.append(.stop(reader, generation: state.generation))
        readers[reader] = nil
      }
    }
    for (reader, want) in wanted where readers[reader] == nil {
      let generation = nextGeneration
      nextGeneration += 1
      readers[reader] = ReaderState(
        generation: generation, interval: want.interval, sensors: want.sensors)
      starts.append(
        .start(reader, generation: generation, interval: want.interval, sensors: want.sensors))
    }
    return stops + starts
  }
}

/// A duration in seconds, as a `Double`.
func seconds(_ duration: Duration) -> Double {
  let parts = duration.components
  return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
}
