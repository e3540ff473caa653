import SensorsCore
import Synchronization

/// The imperative shell around ``SensorHubStateMachine``: it owns the stream continuations
/// (as sinks) and the reader tasks, and does what the machine's ``SensorHubStateMachine/AfterUnlock``
/// says: the tokens and reader commands it names become sinks to finish and tasks to stop.
///
/// Continuations are only ever finished or fed outside the lock: finishing one runs its
/// `onTermination`, which comes back here to unsubscribe.
final class SensorHub: Sendable {
  typealias Machine = SensorHubStateMachine<String>
  typealias Token = Machine.Token

  /// One subscriber's stream, type-erased.
  struct Sink: Sendable {
    /// Hands a scan to the subscriber; returns how many samples its buffer dropped.
    var yield: @Sendable (MotionScan) -> Int
    /// Hands a scan to the subscriber, waiting while its buffer is full (lossless streams).
    var send: (@Sendable (MotionScan) async -> Void)? = nil
    /// Ends the stream, with an error or normally.
    var finish: @Sendable (MotionError?) -> Void
    /// The earliest scan time (seconds, on the scans' clock) this subscriber must be given
    /// promptly; nil when it wants every scan as soon as it comes (the default).
    var nextNeeded: (@Sendable () -> Double?)? = nil
  }

  private struct RunningReader {
    var generation: UInt64
    var task: Task<Void, Never>
  }

  private struct State {
    var machine: Machine
    var sinks: [Token: Sink] = [:]
    var readers: [String: RunningReader] = [:]
    /// Each reader's latest task, running or stopping: its successor waits for it to end, so
    /// a device is never opened twice (a buffered device would answer EBUSY).
    var lastTasks: [String: Task<Void, Never>] = [:]
  }

  /// What a locked step leaves for the caller to do outside the lock: the machine's
  /// ``SensorHubStateMachine/AfterUnlock`` with its tokens resolved to sinks and reader tasks.
  private struct AfterUnlock {
    var finish: [(Sink, MotionError?)] = []
    var stopped: [Task<Void, Never>] = []

    /// Finishes the streams, then cancels the stopped readers. Cancelling runs the readers'
    /// cancellation handlers synchronously; they only signal (never wait for a thread), but
    /// they still run outside the lock. Callers that need a device released await the returned
    /// tasks, which end only once their reader has closed it.
    func run() -> [Task<Void, Never>] {
      for (sink, error) in finish { sink.finish(error) }
      for task in stopped { task.cancel() }
      return stopped
    }
  }

  let backend: MotionBackend
  private let state: Mutex<State>

  init(backend: MotionBackend) {
    self.backend = backend
    self.state = Mutex(
      State(
        machine: Machine(routes: backend.routes, selfPacedReaders: backend.selfPacedReaders)))
  }

  /// Whether a raw sensor is available in the backend (now, for devices that come and go).
  func isAvailable(_ sensor: MotionSensor) -> Bool {
    backend.currentRouting.routes[sensor] != nil
  }

  /// Whether `owner` has a running subscription to `service`.
  func isActive(owner: AnyHashableSendable, service: MotionService) -> Bool {
    state.withLock { $0.machine.isActive(owner: owner, service: service) }
  }

  /// Samples dropped from `owner`'s current `service` stream because its consumer was slow.
  func dropped(owner: AnyHashableSendable, service: MotionService) -> Int {
    state.withLock { $0.machine.dropped(owner: owner, service: service) }
  }

  /// Subscribes `owner` to `service`, reading `sensors`, and starts readers as needed.
  /// `makeSink` receives the subscription's token (for the stream's `onTermination`).
  func subscribe(
    owner: AnyHashableSendable,
    service: MotionService,
    sensors: Set<MotionSensor>,
    interval: Duration,
    makeSink: (Token) -> Sink
  ) -> Result<Token, MotionError> {
    // Looking again reads sysfs: done before taking the lock.
    let routing = backend.rediscover?(sensors)
    let outcome: Result<(Token, AfterUnlock), MotionError> = state.withLock { state in
      if let routing {
        state.machine.reroute(routing.routes, selfPacedReaders: routing.selfPacedReaders)
      }
      guard
        let (token, changes) = state.machine.subscribe(
          owner: owner, service: service, sensors: sensors, interval: interval)
      else {
        // No sensor missing means none was asked for (the streams always ask for one); device
        // motion reads the accelerometer first.
        let missing = state.machine.missing(sensors).first ?? service.sensor ?? .accelerometer
        return .failure(routing?.unavailable[missing] ?? backend.unavailableError(missing))
      }
      state.sinks[token] = makeSink(token)
      return .success((token, apply(changes, error: nil, to: &state)))
    }
    switch outcome {
    case .success(let (token, afterUnlock)):
      _ = afterUnlock.run()
      return .success(token)
    case .failure(let error):
      return .failure(error)
    }
  }

  /// Ends a subscription (all of `owner`'s for `service`, or only `token`'s) and returns the
  /// reader tasks it stopped, so a caller can wait until their descriptors are closed.
  ///
  /// The tasks returned include readers stopped earlier that may still be releasing their
  /// device: a cancelled consumer stops its reader without waiting (it cannot wait inside the
  /// cancellation), so a later `stop` or `destroy` is where that wait happens.
  @discardableResult
  func unsubscribe(
    owner: AnyHashableSendable, service: MotionService, token: Token? = nil
  ) -> [Task<Void, Never>] {
    let (afterUnlock, winding) = state.withLock { state in
      let changes = state.machine.unsubscribe(owner: owner, service: service, token: token)
      let afterUnlock = apply(changes, error: nil, to: &state)
      return (afterUnlock, Self.windingDown(state))
    }
    return afterUnlock.run() + winding
  }

  /// Ends every subscription of `owner`; returns the reader tasks stopped, and those stopped
  /// earlier that may still be releasing their device.
  func removeAll(owner: AnyHashableSendable) -> [Task<Void, Never>] {
    let (afterUnlock, winding) = state.withLock { state in
      let afterUnlock = apply(state.machine.removeAll(owner: owner), error: nil, to: &state)
      return (afterUnlock, Self.windingDown(state))
    }
    return afterUnlock.run() + winding
  }

  /// The latest task of every reader that is not running: stopped, perhaps still releasing.
  private static func windingDown(_ state: State) -> [Task<Void, Never>] {
    state.lastTasks.compactMap { reader, task in state.readers[reader] == nil ? task : nil }
  }

  /// Changes the interval of `owner`'s running `service` subscription, if any; returns the
  /// reader tasks stopped to restart at the new rate.
  @discardableResult
  func updateInterval(
    owner: AnyHashableSendable, service: MotionService, interval: Duration
  ) -> [Task<Void, Never>] {
    state.withLock { state in
      let changes = state.machine.updateInterval(
        owner: owner, service: service, interval: interval)
      return apply(changes, error: nil, to: &state)
    }.run()
  }

  /// Fans a scan out to every subscriber that wants it, counting what their buffers drop.
  private func deliver(_ scan: MotionScan, reader: String, generation: UInt64) {
    let targets = state.withLock { state in
      state.machine.deliver(scan, from: reader, generation: generation).compactMap { target in
        state.sinks[target.token].map { (target.token, $0) }
      }
    }
    for (token, sink) in targets { feed(sink, token: token, scan) }
  }

  /// Fans a read's scans out in order, like ``deliver(_:reader:generation:)`` with one lock for
  /// them all; returns the earliest scan time any subscriber of the reader must get promptly
  /// (nil: some subscriber wants every scan, or none is there).
  private func deliver(_ scans: [MotionScan], reader: String, generation: UInt64) -> Double? {
    let (targets, subscribers) = state.withLock {
      state -> ([(scan: Int, token: Token, sink: Sink)], [(@Sendable () -> Double?)?]) in
      var routed: [(token: Token, service: MotionService)] = []
      var targets: [(scan: Int, token: Token, sink: Sink)] = []
      // Sized once: growing them append by append costs a reallocation per doubling, per read.
      routed.reserveCapacity(4)
      targets.reserveCapacity(scans.count)
      guard let running = state.machine.running(reader, generation: generation) else {
        return (targets, [])
      }
      // Consecutive scans mostly go to the same subscriber: look its sink up once per run.
      var last: (token: Token, sink: Sink?)?
      for index in scans.indices {
        routed.removeAll(keepingCapacity: true)
        state.machine.route(scans[index], on: reader, running, into: &routed)
        for target in routed {
          if last?.token != target.token { last = (target.token, state.sinks[target.token]) }
          if let sink = last?.sink { targets.append((index, target.token, sink)) }
        }
      }
      let subscribers = state.machine.served(by: reader, generation: generation).map {
        state.sinks[$0]?.nextNeeded
      }
      return (targets, subscribers)
    }
    for target in targets { feed(target.sink, token: target.token, scans[target.scan]) }
    // Asked after the scans went in: a subscriber that just produced an output needs the next.
    guard !subscribers.isEmpty else { return nil }
    var needed = Double.infinity
    for nextNeeded in subscribers {
      guard let time = nextNeeded?() else { return nil }
      needed = min(needed, time)
    }
    return needed
  }

  /// Hands `scan` to one subscriber, counting what its buffer drops.
  private func feed(_ sink: Sink, token: Token, _ scan: MotionScan) {
    let dropped = sink.yield(scan)
    if dropped > 0 {
      state.withLock { $0.machine.recordDrop(token: token, count: dropped) }
    }
  }

  /// Fans a scan out like ``deliver(_:reader:generation:)``, but waits for each lossless
  /// subscriber to have room, so a replay never drops a sample.
  private func deliverWaiting(_ scan: MotionScan, reader: String, generation: UInt64) async {
    let targets = state.withLock { state in
      state.machine.deliver(scan, from: reader, generation: generation).compactMap { target in
        state.sinks[target.token].map { (target.token, $0) }
      }
    }
    for (token, sink) in targets {
      if let send = sink.send {
        await send(scan)
        continue
      }
      feed(sink, token: token, scan)
    }
  }

  /// A reader stopped by itself: ended (data ran out) or failed with `error`.
  private func readerStopped(_ reader: String, generation: UInt64, error: MotionError?) {
    _ = state.withLock { state in
      let changes =
        error == nil
        ? state.machine.readerEnded(reader, generation: generation)
        : state.machine.readerFailed(reader, generation: generation)
      return apply(changes, error: error, to: &state)
    }.run()
  }

  /// Carries out the machine's `changes` under the lock (sinks dropped, readers started and
  /// stopped); returns what must happen outside it.
  private func apply(
    _ changes: Machine.AfterUnlock, error: MotionError?, to state: inout State
  ) -> AfterUnlock {
    var afterUnlock = AfterUnlock()
    for token in changes.finished {
      if let sink = state.sinks.removeValue(forKey: token) {
        afterUnlock.finish.append((sink, nil))
      }
    }
    for token in changes.failed {
      if let sink = state.sinks.removeValue(forKey: token) {
        afterUnlock.finish.append((sink, error))
      }
    }
    for command in changes.commands {
      switch command {
      case .stop(let reader, let generation):
        if let running = state.readers[reader], running.generation == generation {
          state.readers[reader] = nil
          afterUnlock.stopped.append(running.task)
        }
      case .start(let reader, let generation, let interval, let sensors):
        let request = MotionBackend.ReaderRequest(
          reader: reader, sensors: sensors, interval: interval)
        let task = startReader(request, generation: generation, after: state.lastTasks[reader])
        state.readers[reader] = RunningReader(generation: generation, task: task)
        state.lastTasks[reader] = task
      }
    }
    return afterUnlock
  }

  private func startReader(
    _ request: MotionBackend.ReaderRequest, generation: UInt64,
    after predecessor: Task<Void, Never>?
  ) -> Task<Void, Never> {
    let events = MotionBackend.ReaderEvents(
      scan: { [weak self] scan in
        self?.deliver(scan, reader: request.reader, generation: generation)
      },
      deliver: { [weak self] scans in
        self?.deliver(scans, reader: request.reader, generation: generation)
      },
      send: { [weak self] scan in
        await self?.deliverWaiting(scan, reader: request.reader, generation: generation)
      })
    // Lock order: the hub's lock, then whatever `prepare` takes (a replay's timeline lock).
    backend.prepare?(request)
    let run = backend.run
    return Task.inheritingExecutor { [weak self] in
      await predecessor?.value
      guard !Task.isCancelled else { return }
      do throws(MotionError) {
        try await run(request, events)
        guard !Task.isCancelled else { return }
        self?.readerStopped(request.reader, generation: generation, error: nil)
      } catch {
        guard !Task.isCancelled else { return }
        self?.readerStopped(request.reader, generation: generation, error: error)
      }
    }
  }
}
