import GPSD

/// Turns a ``GPSDConnection``'s events into feed inputs; remembers the gpsd release and the
/// last device so later events can name them.
struct ConnectionTranslator {
  let address: String
  private var release: String?
  private var device: String?

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
      return inputs(for: state)
    case .error(.decoding(let error)):
      return [.failure(.malformedReport(error, excerpt: ""))]
    case .error(let error):
      return [.failure(.connectionLost(error))]
    }
  }

  private mutating func inputs(for report: GPSDReport) -> [FeedInput] {
    switch report {
    case .version(let version):
      release = version.release
      return []
    case .device(let report) where report.isDeactivated:
      // The connection reports this itself as `.deviceLost`; do not say it twice.
      return []
    case .tpv(let tpv):
      if let path = tpv.device { device = path }
      return ReportTranslator.inputs(for: report)
    default:
      return ReportTranslator.inputs(for: report)
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
