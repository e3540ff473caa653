/// The connection lifecycle as a pure state machine: inputs in, actions out, no I/O and no clock.
///
/// ``GPSDConnection`` feeds it what the socket and the timers observed and performs the actions it
/// returns. Keeping the decisions here lets a test walk every transition without a socket.
struct ConnectionStateMachine {
  enum Phase: Equatable {
    case idle
    case connecting(attempt: Int)
    case awaitingWatchReply
    case watching
    case waitingToReconnect(attempt: Int)
    case closed
  }

  enum Input: Equatable {
    case start
    case connected
    case connectFailed(GPSDConnectionError)
    case line(Result<GPSDReport, GPSDDecodingError>)
    case disconnected(GPSDConnectionError)
    case reconnectTimerFired
    /// The session's watchdog saw no line for the whole stale timeout.
    case silenceReachedTimeout
    case close
  }

  enum Action: Equatable {
    /// Open a socket; the session writes the WATCH request as soon as it connects.
    case openSocket(attempt: Int)
    /// Drop the current socket, if any.
    case closeSocket
    case emit(GPSDConnection.Event)
    case scheduleReconnect(after: Duration)
    /// Arm the session's silence watchdog (SensorsCore's `SilenceWatchdog`, counting from now).
    case startWatchdog
    case stopWatchdog
    /// End the event stream; nothing follows.
    case finish
  }

  let policy: GPSDConnection.ReconnectPolicy
  let staleTimeout: Duration?
  private(set) var phase: Phase = .idle
  /// Failed attempts and lost sessions since the last session that proved healthy; the backoff
  /// grows with it. A session proves healthy by delivering data (a fix, satellites, timing) or
  /// by lasting the whole stale timeout, so a gpsd that accepts and hangs up at once (or only
  /// answers the handshake) is retried ever more slowly instead of every initial delay.
  private(set) var failures = 0
  private var isStale = false

  init(policy: GPSDConnection.ReconnectPolicy, staleTimeout: Duration?) {
    self.policy = policy
    self.staleTimeout = staleTimeout
  }

  mutating func handle(_ input: Input) -> [Action] {
    if phase == .closed { return [] }
    switch input {
    case .start:
      guard phase == .idle else { return [] }
      return connect(attempt: 1)
    case .connected:
      guard case .connecting = phase else { return [] }
      phase = .awaitingWatchReply
      isStale = false
      return [.emit(.state(.connected))]
        + (staleTimeout == nil ? [] : [.startWatchdog])
    case .connectFailed(let error):
      guard case .connecting = phase else { return [] }
      return fail(error)
    case .line(let result):
      return received(result)
    case .disconnected(let error):
      guard phase == .awaitingWatchReply || phase == .watching else { return [] }
      return [.stopWatchdog, .closeSocket] + fail(error)
    case .reconnectTimerFired:
      guard case .waitingToReconnect(let attempt) = phase else { return [] }
      return connect(attempt: attempt)
    case .silenceReachedTimeout:
      return silenceReachedTimeout()
    case .close:
      phase = .closed
      return [.stopWatchdog, .closeSocket, .emit(.state(.closed)), .finish]
    }
  }

  private mutating func connect(attempt: Int) -> [Action] {
    phase = .connecting(attempt: attempt)
    return [.emit(.state(.connecting(attempt: attempt))), .openSocket(attempt: attempt)]
  }

  /// A failed attempt or a lost session: report it, then retry with backoff or give up.
  private mutating func fail(_ error: GPSDConnectionError) -> [Action] {
    failures += 1
    var actions: [Action] = [.emit(.state(.unavailable(error)))]
    if let limit = policy.maximumAttempts, failures >= limit {
      phase = .closed
      actions += [.emit(.state(.closed)), .finish]
      return actions
    }
    let delay = policy.delay(beforeRetry: failures)
    phase = .waitingToReconnect(attempt: failures + 1)
    actions += [
      .emit(.state(.reconnecting(attempt: failures + 1, after: delay))),
      .scheduleReconnect(after: delay),
    ]
    return actions
  }

  private mutating func received(_ result: Result<GPSDReport, GPSDDecodingError>) -> [Action] {
    guard phase == .awaitingWatchReply || phase == .watching else { return [] }
    var actions: [Action] = []
    if isStale {
      isStale = false
      if phase == .watching { actions.append(.emit(.state(.watching))) }
    }
    let report: GPSDReport
    switch result {
    case .failure(let error):
      return actions + [.emit(.error(.decoding(error)))]
    case .success(let decoded):
      report = decoded
    }
    actions.append(.emit(.report(report)))
    switch report {
    case .watch(let reply) where phase == .awaitingWatchReply:
      guard reply.json == true, reply.enable != false else {
        // gpsd goes silent after refusing a WATCH, and retrying the same request cannot help.
        phase = .closed
        return actions + [
          .stopWatchdog, .closeSocket, .emit(.state(.unavailable(.watchRejected(reply)))),
          .emit(.state(.closed)),
          .finish,
        ]
      }
      phase = .watching
      actions.append(.emit(.state(.watching)))
    case .version(let version) where version.protoMajor != 3:
      actions.append(
        .emit(.error(.unsupportedProtocol(major: version.protoMajor, minor: version.protoMinor))))
    case .device(let device) where device.isDeactivated:
      actions.append(.emit(.state(.deviceLost(path: device.path))))
    case .tpv, .sky, .gst, .att, .toff, .pps:
      if phase == .watching { failures = 0 }
    default:
      break
    }
    return actions
  }

  private mutating func silenceReachedTimeout() -> [Action] {
    guard let staleTimeout, phase == .awaitingWatchReply || phase == .watching, !isStale else {
      return []
    }
    if phase == .watching { failures = 0 }
    isStale = true
    return [.emit(.state(.stale(silentFor: staleTimeout)))]
  }
}
