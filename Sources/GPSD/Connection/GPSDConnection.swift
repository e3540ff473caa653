import Dispatch
import Synchronization

/// A live connection to gpsd: connects, asks for JSON reports, and keeps going through restarts.
///
/// Creating a connection starts it. ``events`` delivers, in order, lifecycle changes, every report gpsd
/// sends, and non-fatal errors. The connection retries with capped exponential backoff after a refusal or a
/// disconnect and re-sends the WATCH request on every new socket (gpsd forgets it per connection).
/// ``close()``, or cancelling the task that consumes ``events``, closes the socket before returning; call
/// ``close()`` when you stop reading events.
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
  private struct Core {
    var machine: ConnectionStateMachine
    var session: SocketSession?
    var sessionID = 0
    var reconnectTimer: Task<Void, Never>?
    var staleTimer: Task<Void, Never>?
    var dropped = 0
  }

  /// Side effects decided under the lock and performed after it is released, so that no lock is held
  /// while waiting for a session thread that may itself be waiting for the lock.
  private struct Effects {
    var stop: [SocketSession] = []
    var start: (SocketSession, Int)?
    var sendWatch: (SocketSession, Int)?
    var finish = false
  }

  /// The configuration this connection was created with.
  public let configuration: Configuration
  /// Everything that happens on the connection, in order. One consumer; it ends after ``State/closed``.
  public let events: AsyncStream<Event>

  private let continuation: AsyncStream<Event>.Continuation
  private let clock: any Clock<Duration>
  private let core: Mutex<Core>

  /// Creates and starts a connection.
  ///
  /// - Parameters:
  ///   - configuration: where gpsd is and how to talk to it; by default `127.0.0.1:2947` with `GPSD_HOST` and
  ///     `GPSD_PORT` honoured.
  ///   - clock: the clock for backoff and staleness waits.
  public init(
    configuration: Configuration = .fromEnvironment(),
    clock: any Clock<Duration> = ContinuousClock()
  ) {
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
    continuation.onTermination = { [weak self] _ in
      // A cancelled consumer runs this inside its cancellation, under the runtime's lock on that task.
      // close() waits for the socket thread, which may at that moment be delivering an event to the
      // same task and so need that lock: closing here could deadlock. Close on another thread instead.
      guard let self else { return }
      DispatchQueue.global().async { self.close() }
    }
    feed(.start)
  }

  deinit {
    let (session, timers) = core.withLock { ($0.session, [$0.reconnectTimer, $0.staleTimer]) }
    for timer in timers { timer?.cancel() }
    session?.stop()
    continuation.finish()
  }

  /// Events dropped because the consumer fell more than ``Configuration/eventBufferSize`` events behind.
  public var droppedEventCount: Int { core.withLock { $0.dropped } }

  /// Closes the socket, stops retrying and ends ``events``. Returns once the socket is closed.
  public func close() {
    feed(.close)
  }

  private func feed(_ input: ConnectionStateMachine.Input, from sessionID: Int? = nil) {
    let effects = core.withLock { core -> Effects in
      if let sessionID, sessionID != core.sessionID { return Effects() }
      var effects = Effects()
      for action in core.machine.handle(input) { apply(action, to: &core, effects: &effects) }
      return effects
    }
    perform(effects)
  }

  private func apply(
    _ action: ConnectionStateMachine.Action, to core: inout Core, effects: inout Effects
  ) {
    switch action {
    case .emit(let event):
      if case .dropped = continuation.yield(event) { core.dropped += 1 }
    case .openSocket:
      core.sessionID += 1
      let session = SocketSession(
        host: configuration.host, port: configuration.port,
        connectTimeout: configuration.connectTimeout,
        maximumLineLength: configuration.maximumLineLength)
      core.session = session
      effects.start = (session, core.sessionID)
    case .sendWatch:
      if let session = core.session { effects.sendWatch = (session, core.sessionID) }
    case .closeSocket:
      if let session = core.session { effects.stop.append(session) }
      core.session = nil
      core.sessionID += 1
    case .scheduleReconnect(let delay):
      core.reconnectTimer?.cancel()
      core.reconnectTimer = Task { [clock] in
        do { try await clock.sleep(for: delay) } catch { return }
        self.feed(.reconnectTimerFired)
      }
    case .startStaleTimer:
      core.staleTimer?.cancel()
      core.staleTimer = makeStaleTimer(sessionID: core.sessionID)
    case .stopStaleTimer:
      core.staleTimer?.cancel()
      core.staleTimer = nil
    case .finish:
      core.reconnectTimer?.cancel()
      core.staleTimer?.cancel()
      core.reconnectTimer = nil
      core.staleTimer = nil
      effects.finish = true
    }
  }

  private func makeStaleTimer(sessionID: Int) -> Task<Void, Never>? {
    guard let timeout = configuration.staleTimeout else { return nil }
    let slice = timeout / ConnectionStateMachine.slicesPerTimeout
    return Task { [clock] in
      while !Task.isCancelled {
        do { try await clock.sleep(for: slice) } catch { return }
        self.feed(.staleSliceElapsed, from: sessionID)
      }
    }
  }

  private func perform(_ effects: Effects) {
    for session in effects.stop { session.stop() }
    if let (session, id) = effects.start {
      session.start { [self] event in
        switch event {
        case .connected: feed(.connected, from: id)
        case .connectFailed(let error): feed(.connectFailed(error), from: id)
        case .line(let result): feed(.line(result), from: id)
        case .disconnected(let error): feed(.disconnected(error), from: id)
        }
      }
    }
    if let (session, id) = effects.sendWatch, let error = session.send(configuration.watchCommand) {
      feed(.disconnected(error), from: id)
    }
    if effects.finish { continuation.finish() }
  }
}
