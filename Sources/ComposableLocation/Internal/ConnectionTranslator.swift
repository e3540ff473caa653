import GPSD

/// Turns a ``GPSDConnection``'s events into feed inputs; remembers the gpsd release and the
/// last device so later events can name them, and merges each fix's TPVs into one location
/// (``FixEpochs``): a fix is delivered when the next one starts, when the link changes state,
/// or when its owner calls ``epochTimedOut(generation:)``.
struct ConnectionTranslator {
  let address: String
  private var release: String?
  private var device: String?
  private var epochs = FixEpochs()

  /// The generation of the epoch held back for merging, or nil when none is: the owner arms a
  /// timer for it and calls ``epochTimedOut(generation:)`` when it fires.
  var heldEpoch: UInt64? { epochs.held == nil ? nil : epochs.generation }

  /// `release` is the gpsd release already seen (by a probe whose connection this continues).
  init(address: String, release: String? = nil) {
    self.address = address
    self.release = release
  }

  mutating func inputs(for event: GPSDConnection.Event) -> [FeedInput] {
    switch event {
    case .report(let report):
      return inputs(for: report)
    case .state(let state):
      // The link changed (reconnecting, silent, closed): the fix read so far is complete.
      return epochs.flush() + inputs(for: state)
    case .error(.decoding(let error)):
      return [.failure(.malformedReport(error, excerpt: ""))]
    case .error(let error):
      return epochs.flush() + [.failure(.connectionLost(error))]
    }
  }

  /// Delivers the held epoch if it is still the one of `generation` (no later TPV ended it).
  mutating func epochTimedOut(generation: UInt64) -> [FeedInput] {
    heldEpoch == generation ? epochs.flush() : []
  }

  /// Delivers the held epoch, if any: the events have ended.
  mutating func finish() -> [FeedInput] {
    epochs.flush()
  }

  private mutating func inputs(for report: GPSDReport) -> [FeedInput] {
    switch report {
    case .version(let version):
      release = version.release
      return []
    case .device(let report) where report.isDeactivated:
      // The connection reports this itself as `.deviceLost`; do not say it twice. The
      // receiver's last fix is complete.
      return epochs.flush()
    case .tpv(let tpv):
      if let path = tpv.device { device = path }
      return epochs.inputs(for: report)
    default:
      return epochs.inputs(for: report)
    }
  }

  private func inputs(for state: GPSDConnection.State) -> [FeedInput] {
    switch state {
    case .connecting(let attempt):
      return attempt == 1 ? [.service(.connecting)] : []
    case .connected:
      return []
    case .watching:
      return [.service(.connected(release: release))]
    case .reconnecting(let attempt, _):
      return [.service(.reconnecting(attempt: attempt))]
    case .unavailable(let error):
      switch Self.probeResult(error, address: address) {
      case .unavailable(let failure): return [.failure(failure), .service(.unavailable)]
      case .denied(let failure), .restricted(let failure): return [.failure(failure)]
      case .authorized: return []
      }
    case .stale(let silence):
      return [
        .failure(.deviceLost(device: device, silentFor: silence)),
        .service(.deviceLost(device: device)),
      ]
    case .deviceLost(let path):
      return [.service(.deviceLost(device: path ?? device))]
    case .closed:
      return [.service(.ended)]
    }
  }

  /// What a connection failure means for authorization.
  static func probeResult(_ error: GPSDConnectionError, address: String) -> ProbeResult {
    switch error {
    case .accessDenied:
      return .denied(.accessDenied(address: address))
    case .watchRejected, .unsupportedProtocol:
      return .restricted(.watchRefused(error))
    case .closedByPeer:
      return .unavailable(.connectionLost(error))
    case .refused, .hostNotFound, .timedOut, .socket, .decoding:
      return .unavailable(.serviceUnavailable(address: address, cause: error))
    }
  }
}
