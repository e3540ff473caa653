import SensorsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The shared runtime behind the live and replay clients: one ``ManagerState`` per id, the
/// authorization status, and one feed (gpsd connection or replay) per id while it needs fixes.
actor LocationEngine {
  let feed: LocationFeed
  let configuration: LocationClient.Configuration
  let clock: any Clock<Duration>
  var status: AuthorizationStatus = .notDetermined
  var servicesEnabled = true
  var requestedKind: AuthorizationStatus = .authorizedWhenInUse
  var statusObservers: [Int: AsyncStream<AuthorizationStatus>.Continuation] = [:]
  var managers: [AnyHashableSendable: ManagerState] = [:]
  private var nextToken = 0

  init(feed: LocationFeed, configuration: LocationClient.Configuration, clock: any Clock<Duration>)
  {
    self.feed = feed
    self.configuration = configuration
    self.clock = clock
  }

  func token() -> Int {
    nextToken += 1
    return nextToken
  }

  // MARK: - Lifecycle

  func create(_ id: AnyHashableSendable) async -> AsyncStream<LocationEvent> {
    await destroy(id)
    let token = token()
    let channel = LosslessChannel<LocationEvent>(limit: configuration.eventBufferLimit)
    let stream = channel.makeNonThrowingStream()
    channel.setOnTermination { [weak self] in
      // The consumer stopped (cancelled, released, or read to the end): release everything.
      Task.inheritingExecutor { await self?.streamTerminated(id, token: token) }
    }
    managers[id] = ManagerState(
      channel: channel, streamToken: token, configuration: configuration)
    // As CLLocationManager calls locationManagerDidChangeAuthorization when it is created: a
    // manager created once authorization is settled (another manager asked, or this id was
    // destroyed and created again) hears the status, rather than waiting for a change that
    // will not come.
    if status != .notDetermined { managers[id]?.emit(.authorizationChanged(status)) }
    return stream
  }

  func destroy(_ id: AnyHashableSendable) async {
    guard let manager = managers.removeValue(forKey: id) else { return }
    manager.feedTask?.cancel()
    manager.compass?.task.cancel()
    manager.channel.finish()
    // Wait for the feed to wind down, so its socket is closed when destroy returns.
    await manager.feedTask?.value
    await manager.compass?.task.value
  }

  private func streamTerminated(_ id: AnyHashableSendable, token: Int) async {
    guard managers[id]?.streamToken == token else { return }
    await destroy(id)
  }

  // MARK: - Authorization

  func authorizationUpdates() -> AsyncStream<AuthorizationStatus> {
    let token = token()
    let (stream, continuation) = AsyncStream.makeStream(
      of: AuthorizationStatus.self, bufferingPolicy: .bufferingNewest(16))
    continuation.yield(status)
    continuation.onTermination = { [weak self] _ in
      Task.inheritingExecutor { await self?.removeObserver(token) }
    }
    statusObservers[token] = continuation
    return stream
  }

  private func removeObserver(_ token: Int) {
    statusObservers[token] = nil
  }

  func requestAuthorization(_ id: AnyHashableSendable, kind: AuthorizationStatus) async {
    requestedKind = kind
    let result = await feed.probe()
    apply(result, reportingTo: id)
  }

  func apply(_ result: ProbeResult, reportingTo id: AnyHashableSendable?) {
    switch result {
    case .authorized:
      servicesEnabled = true
      setStatus(requestedKind)
    case .denied(let error):
      servicesEnabled = true
      setStatus(.denied)
      report(error, to: id)
    case .restricted(let error):
      servicesEnabled = true
      setStatus(.restricted)
      report(error, to: id)
    case .unavailable(let error):
      servicesEnabled = false
      setStatus(.denied)
      report(error, to: id)
    }
  }

  private func report(_ error: LocationError, to id: AnyHashableSendable?) {
    guard let id else { return }
    managers[id]?.emit(.failed(error))
  }

  func setStatus(_ new: AuthorizationStatus) {
    guard new != status else { return }
    status = new
    for id in managers.keys {
      managers[id]?.emit(.authorizationChanged(new))
    }
    for observer in statusObservers.values {
      observer.yield(new)
    }
  }

  /// What a feed's input says about authorization: a working connection grants it (there is
  /// no prompt on Linux); refusals deny or restrict it. Losing a connection that worked does
  /// not: that is a service state, reported as reconnecting.
  func observeAuthorization(_ input: FeedInput) {
    switch input {
    case .service(.connected):
      servicesEnabled = true
      if !status.isAuthorized { setStatus(requestedKind) }
    case .service(.unavailable) where !status.isAuthorized:
      servicesEnabled = false
      setStatus(.denied)
    case .failure(.serviceUnavailable) where !status.isAuthorized:
      servicesEnabled = false
      setStatus(.denied)
    case .failure(.accessDenied), .failure(.geoClueDenied):
      setStatus(.denied)
    case .failure(.watchRefused):
      setStatus(.restricted)
    default:
      break
    }
  }
}
