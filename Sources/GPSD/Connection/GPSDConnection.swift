import SensorsCore
import Synchronization

/// A live connection to gpsd: connects, asks for JSON reports, and keeps going through restarts.
///
/// Creating a connection starts it. ``events`` delivers, in order, lifecycle changes, every report gpsd
/// sends, and non-fatal errors. The connection retries with capped exponential backoff after a refusal or a
/// disconnect and re-sends the WATCH request on every new socket (gpsd forgets it per connection).
/// ``close()`` stops it and returns once the socket is closed; ``cancel()`` (or the consumer of ``events``
/// going away) stops it without waiting. Call one of them when you stop reading events.
///
/// ```swift
/// let connection = GPSDConnection(configuration: .fromEnvironment())
/// for await event in connection.events {
///   switch event {
///   case .report(.tpv(let tpv)): print(tpv.lat ?? .nan, tpv.lon ?? .nan)
///   case .state(.unavailable(let error)): print(error)
///   default: break
///   }
/// }
/// ```
///
/// Waits (backoff, staleness) run on the injected clock, so tests can use a manual clock; the TCP connect
/// timeout is a socket-level timeout on the system clock.
public final class GPSDConnection: Sendable {
  /// Everything the connection shell keeps, under one lock. Events decided under the lock wait in
  /// `outbox` and are yielded after it is released, by one drainer at a time, so their order is
  /// the machine's order and no lock is held while the consumer's task is resumed.
  private struct Core {
    var machine: ConnectionStateMachine
    var session: SocketSession?
    var sessionID = 0
    /// Sessions told to stop whose threads may still be closing their socket.
    var retiring: [SocketSession] = []
    var reconnectTimer: Task<Void, Never>?
    /// The current session's silence watchdog and the task that times it.
    var watchdog: (SilenceWatchdog, Task<Void, Never>)?
    var dropped = 0
    var outbox: [Event] = []
    var draining = false
    var finishPending = false
  }

  /// What to do once the lock is released: the part of the machine's actions that must not run
  /// under it (stopping and starting session threads, yielding events).
  private struct AfterUnlock {
    var stop: [SocketSession] = []
    var start: (SocketSession, Int)?
    var startFailure: (GPSDConnectionError, Int)?
    var drain = false
  }

  /// The configuration this connection was created with.
  public let configuration: Configuration
  /// Everything that happens on the connection, in order. One consumer; it ends after ``State/closed``.
  public let events: AsyncStream<Event>

  private let continuation: AsyncStream<Event>.Continuation
  private let lineObserver: (@Sendable (UnsafeRawBufferPointer) -> Void)?
  private let clock: any Clock<Duration>
  private let core: Mutex<Core>

  /// Creates and starts a connection.
  ///
  /// - Parameters:
  ///   - configuration: where gpsd is and how to talk to it; by default `127.0.0.1:2947` with `GPSD_HOST` and
  ///     `GPSD_PORT` honoured.
  ///   - clock: the clock for backoff and staleness waits.
  public convenience init(
    configuration: Configuration = .fromEnvironment(),
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.init(configuration: configuration, clock: clock, lineObserver: nil)
  }

  /// Creates and starts a connection that also hands every line gpsd sends to `onLine`, exactly
  /// as received (without its line end), before it is decoded: what a capture in `gpspipe -w`
  /// form needs.
  ///
  /// `onLine` runs on the connection's socket thread, in the order gpsd sent the lines, and
  /// sees every line, including those the consumer of ``events`` falls behind on; the bytes
  /// are valid only during the call. Keep it short (append to a buffered file): the socket is
  /// not read while it runs. A line longer than ``Configuration/maximumLineLength`` is not
  /// passed on (it is reported in ``events`` instead).
  ///
  /// - Parameters:
  ///   - configuration: where gpsd is and how to talk to it.
  ///   - clock: the clock for backoff and staleness waits.
  ///   - onLine: called with each line's bytes.
  public convenience init(
    configuration: Configuration = .fromEnvironment(),
    clock: any Clock<Duration> = ContinuousClock(),
    onLine: @escaping @Sendable (UnsafeRawBufferPointer) -> Void
  ) {
    self.init(configuration: configuration, clock: clock, lineObserver: onLine)
  }

  private init(
    configuration: Configuration, clock: any Clock<Duration>,
    lineObserver: (@Sendable (UnsafeRawBufferPointer) -> Void)?
  ) {
    self.lineObserver = lineObserver
    self.configuration = configuration
    self.clock = clock
    let (stream, continuation) = AsyncStream.makeStream(
      of: Event.self, bufferingPolicy: .bufferingNewest(configuration.eventBufferSize))
    self.events = stream
    self.continuation = continuation
    self.core = Mutex(
      Core(
        machine: ConnectionStateMachine(
          policy: configuration.reconnect, staleTimeout: configuration.staleTimeout)))
    // Signal only: a cancelled consumer runs this under the runtime's lock on its task, so it
    // must not wait for the session thread. The thread closes the socket on its own.
    continuation.onTermination = { [weak self] _ in self?.cancel() }
    feed(.start)
  }

  deinit {
    let (sessions, timers) = core.withLock {
      ([$0.session].compactMap { $0 } + $0.retiring, [$0.reconnectTimer, $0.watchdog?.1])
    }
    for timer in timers { timer?.cancel() }
    for session in sessions { session.stop() }
    continuation.finish()
  }

  /// Events dropped because the consumer fell more than ``Configuration/eventBufferSize`` events behind.
  public var droppedEventCount: Int { core.withLock { $0.dropped } }

  /// Stops retrying, closes the socket and ends ``events``; returns once the socket is closed
  /// (within one `poll()` wake-up of the session thread).
  public func close() async {
    cancel()
    for session in core.withLock({ $0.retiring }) { await session.waitUntilReleased() }
    core.withLock { $0.retiring.removeAll { $0.isReleased } }
  }

  /// Stops retrying, ends ``events`` and tells the session thread to close the socket, without
  /// waiting for it; ``close()`` waits. Safe anywhere, including a stream's termination handler.
  public func cancel() {
    feed(.close)
  }

  private func feed(_ input: ConnectionStateMachine.Input, from sessionID: Int? = nil) {
    let afterUnlock = core.withLock { core -> AfterUnlock in
      if let sessionID, sessionID != core.sessionID { return AfterUnlock() }
      // Every line, even one that fails to decode, shows the session is alive.
      if case .line = input { _ = core.watchdog?.0.arrived() }
      var afterUnlock = AfterUnlock()
      for action in core.machine.handle(input) {
        apply(action, to: &core, afterUnlock: &afterUnlock)
      }
      if !core.outbox.isEmpty || core.finishPending, !core.draining {
        core.draining = true
        afterUnlock.drain = true
      }
      return afterUnlock
    }
    perform(afterUnlock)
  }

  private func apply(
    _ action: ConnectionStateMachine.Action, to core: inout Core, afterUnlock: inout AfterUnlock
  ) {
    switch action {
    case .emit(let event):
      core.outbox.append(event)
    case .openSocket:
      core.sessionID += 1
      do {
        let session = try SocketSession(
          host: configuration.host, port: configuration.port,
          connectTimeout: configuration.connectTimeout,
          maximumLineLength: configuration.maximumLineLength,
          greeting: configuration.watchCommand, onLine: lineObserver)
        core.session = session
        afterUnlock.start = (session, core.sessionID)
      } catch {
        afterUnlock.startFailure = (error, core.sessionID)
      }
    case .closeSocket:
      if let session = core.session {
        afterUnlock.stop.append(session)
        // Bounded: sessions already released are forgotten.
        core.retiring.removeAll { $0.isReleased }
        core.retiring.append(session)
      }
      core.session = nil
      core.sessionID += 1
    case .scheduleReconnect(let delay):
      core.reconnectTimer?.cancel()
      core.reconnectTimer = Task.inheritingExecutor { [clock] in
        do { try await clock.sleep(for: delay) } catch { return }
        self.feed(.reconnectTimerFired)
      }
    case .startWatchdog:
      core.watchdog?.1.cancel()
      core.watchdog = makeWatchdog(sessionID: core.sessionID)
    case .stopWatchdog:
      core.watchdog?.1.cancel()
      core.watchdog = nil
    case .finish:
      core.reconnectTimer?.cancel()
      core.watchdog?.1.cancel()
      core.reconnectTimer = nil
      core.watchdog = nil
      core.finishPending = true
    }
  }

  /// A watchdog counting the session's silence from now, on the connection's clock.
  private func makeWatchdog(sessionID: Int) -> (SilenceWatchdog, Task<Void, Never>)? {
    guard let timeout = configuration.staleTimeout else { return nil }
    let watchdog = SilenceWatchdog(timeout: timeout, clock: clock, start: .silence)
    let task = watchdog.arm(
      stop: {}, stale: { self.feed(.silenceReachedTimeout, from: sessionID) })
    return (watchdog, task)
  }

  private func perform(_ afterUnlock: AfterUnlock) {
    for session in afterUnlock.stop { session.stop() }
    if afterUnlock.drain { drain() }
    if let (session, id) = afterUnlock.start {
      let failure = session.start { [self] input in feed(input, from: id) }
      if let failure { feed(.connectFailed(failure), from: id) }
    }
    if let (error, id) = afterUnlock.startFailure { feed(.connectFailed(error), from: id) }
  }

  /// Yields the outbox in order, outside the lock; only the thread that set `draining` runs this,
  /// and events that others append meanwhile are picked up before it stops.
  private func drain() {
    while true {
      let (batch, finish) = core.withLock { core -> ([Event], Bool) in
        if core.outbox.isEmpty {
          let finish = core.finishPending
          core.finishPending = false
          core.draining = false
          return ([], finish)
        }
        defer { core.outbox.removeAll(keepingCapacity: true) }
        return (core.outbox, false)
      }
      if batch.isEmpty {
        if finish { continuation.finish() }
        return
      }
      var dropped = 0
      for event in batch {
        if case .dropped = continuation.yield(event) { dropped += 1 }
      }
      if dropped > 0 { core.withLock { $0.dropped += dropped } }
    }
  }
}
