import SensorsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension LocationEngine {
  /// Applies `change` to the manager for `id` (if it exists), then starts or stops its feed.
  func update(_ id: AnyHashableSendable, _ change: (inout ManagerState) -> Void) async {
    guard var manager = managers[id] else { return }
    change(&manager)
    managers[id] = manager
    await reconcileFeed(id)
    await reconcileCompass(id)
  }

  /// Starts a feed when the manager needs fixes and has none; stops it when nothing needs it.
  private func reconcileFeed(_ id: AnyHashableSendable) async {
    guard var manager = managers[id] else { return }
    if manager.needsFeed, manager.feedTask == nil {
      let token = token()
      let stream = feed.open()
      manager.feedToken = token
      manager.droppedByFeed = stream.dropped
      let waits = stream.waitsForConsumer
      manager.feedTask = Task.inheritingExecutor { [weak self] in
        for await input in stream.inputs {
          guard let received = await self?.receive(input, for: id, token: token, deferred: waits)
          else { return }
          // A replay's events are sent here, outside the actor, waiting for room: lossless.
          for event in received.events { _ = await received.channel?.send(event) }
        }
        await self?.feedEnded(id, token: token)
      }
      managers[id] = manager
    } else if !manager.needsFeed, let task = manager.feedTask {
      manager.releaseFeed()
      managers[id] = manager
      task.cancel()
      await task.value
    }
  }

  /// A feed that ended by itself (a replay reached its end, gpsd gave up) is forgotten, so the
  /// next start opens a fresh one.
  private func feedEnded(_ id: AnyHashableSendable, token: Int) {
    guard managers[id]?.feedToken == token else { return }
    managers[id]?.releaseFeed()
  }

  /// Turns a feed's `input` into the manager's events and emits them, or, when `deferred`,
  /// returns them with the manager's stream for the feed to send, waiting for room.
  func receive(_ input: FeedInput, for id: AnyHashableSendable, token: Int, deferred: Bool = false)
    -> (events: [LocationEvent], channel: LosslessChannel<LocationEvent>?)
  {
    observeAuthorization(input)
    guard var manager = managers[id], manager.feedToken == token else { return ([], nil) }
    let events = manager.events(for: input, at: configuration.now())
    if input == .service(.ended) {
      // The source is done: forget it now, so a start right after this event opens a new one.
      manager.releaseFeed()
    }
    if !deferred {
      for event in events {
        manager.emit(event)
      }
    }
    managers[id] = manager
    return deferred ? (events, manager.channel) : ([], nil)
  }

  func set(_ id: AnyHashableSendable, _ properties: LocationClient.Properties) async {
    await update(id) { manager in
      if let accuracy = properties.desiredAccuracy { manager.updates.desiredAccuracy = accuracy }
      if let distance = properties.distanceFilter {
        manager.updates.distanceFilter = max(0, distance)
      }
      if let heading = properties.headingFilter, heading.isFinite {
        manager.heading.headingFilter = max(0, heading)
      }
      if let orientation = properties.headingOrientation {
        manager.headingOrientation = orientation
      }
    }
  }

  func startMonitoring(_ id: AnyHashableSendable, _ region: Region) async {
    guard let manager = managers[id] else { return }
    do {
      let monitor = try RegionMonitor(region: region, configuration: manager.regionConfiguration)
      await update(id) { $0.regions[region.id] = monitor }
      managers[id]?.emit(.monitoringStarted(region))
    } catch {
      managers[id]?.emit(.monitoringFailed(region: region, error: error))
    }
  }

  func requestState(_ id: AnyHashableSendable, _ region: Region) {
    guard let manager = managers[id] else { return }
    guard let monitor = manager.regions[region.id] else {
      let error = LocationError.invalidRegion(id: region.id, problem: .notMonitored)
      managers[id]?.emit(.monitoringFailed(region: region, error: error))
      return
    }
    var state = monitor.state
    if state == .unknown, let latest = manager.latest {
      state = monitor.evidence(from: latest) ?? .unknown
    }
    managers[id]?.emit(.determinedState(state, for: monitor.region))
  }

  func monitoredRegions(_ id: AnyHashableSendable) -> Set<Region> {
    Set(managers[id]?.regions.values.map(\.region) ?? [])
  }

  func dropped(_ id: AnyHashableSendable) -> Int {
    managers[id]?.totalDropped ?? 0
  }

  func latest(_ id: AnyHashableSendable) -> Location? {
    managers[id]?.latest
  }

  func latestHeading(_ id: AnyHashableSendable) -> Heading? {
    managers[id]?.latestHeading
  }

  func desiredAccuracy(_ id: AnyHashableSendable) -> LocationAccuracy {
    managers[id]?.updates.desiredAccuracy ?? .best
  }

  func record(_ location: Location, for id: AnyHashableSendable) {
    managers[id]?.latest = location
  }
}
