import Geomagnetism
import SensorsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Everything one location manager (one id) holds, and how an input becomes events. The
/// routing is a pure function of this state, so the engine stays a thin actor around it.
struct ManagerState {
  /// The manager's event stream: bounded; live feeds drop its oldest events (counted), replay
  /// feeds wait for room.
  var channel: LosslessChannel<LocationEvent>
  var streamToken: Int
  var updates = LocationUpdateFilter()
  var heading: HeadingFilter
  var significant: SignificantChangeFilter
  var visits: VisitDetector
  var regionConfiguration: RegionMonitor.Configuration
  var regions: [String: RegionMonitor] = [:]
  var isUpdatingLocation = false
  var isUpdatingHeading = false
  var isMonitoringSignificantChanges = false
  var isMonitoringVisits = false
  var latest: Location?
  /// The last heading delivered, for ``LocationClient/heading``.
  var latestHeading: Heading?
  var feedTask: Task<Void, Never>?
  var feedToken = 0
  /// Whether headings come from a compass (``LocationClient/Configuration/compass``) rather
  /// than the course over ground.
  let usesCompass: Bool
  /// The orientation compass headings are measured for.
  var headingOrientation = HeadingOrientation.portrait
  /// The running compass subscription, the orientation it was started for, and its token.
  var compass: (task: Task<Void, Never>, orientation: HeadingOrientation, token: Int)?
  /// Whether the next reconciliation restarts the compass (heading updates were started again).
  var restartsCompass = false
  /// The declination at the latest fix, degrees east, for compass true headings.
  var declination: Double?
  /// Events this manager's stream dropped because its consumer fell behind.
  var droppedEvents = 0
  /// Inputs dropped on the way in by feeds this manager has already released.
  var droppedByPastFeeds = 0
  /// How many inputs the running feed has dropped so far.
  var droppedByFeed: (@Sendable () -> Int)?
  /// The last service state delivered by the running feed: gpsd announces a device again when
  /// it has identified its driver, which says nothing new to a location manager.
  var lastService: ServiceState?

  init(
    channel: LosslessChannel<LocationEvent>, streamToken: Int,
    configuration: LocationClient.Configuration
  ) {
    self.channel = channel
    self.streamToken = streamToken
    self.heading = HeadingFilter(minimumSpeed: configuration.minimumHeadingSpeed)
    self.significant = configuration.significantChange
    self.visits = configuration.visits
    self.regionConfiguration = configuration.regions
    self.usesCompass = configuration.compass != nil
  }

  /// Everything lost to back-pressure for this manager: its own stream's drops and its feeds'.
  var totalDropped: Int {
    droppedEvents + droppedByPastFeeds + (droppedByFeed?() ?? 0)
  }

  /// Sends `event` to the stream, counting it when the full buffer drops its oldest event.
  mutating func emit(_ event: LocationEvent) {
    droppedEvents += channel.yield(event)
  }

  /// Forgets the running feed, keeping the count of what it dropped.
  mutating func releaseFeed() {
    droppedByPastFeeds += droppedByFeed?() ?? 0
    droppedByFeed = nil
    lastService = nil
    feedTask = nil
    feedToken = 0
  }

  /// The heading event a compass `reading` gives, when headings run and it turned enough.
  mutating func event(for reading: CompassReading) -> LocationEvent? {
    guard isUpdatingHeading,
      let heading = heading.heading(
        from: reading, declination: declination, speed: latest?.speed ?? 0)
    else { return nil }
    latestHeading = heading
    return .headingUpdated(heading)
  }

  /// Whether anything is running that needs fixes.
  var needsFeed: Bool {
    isUpdatingLocation || isUpdatingHeading || isMonitoringSignificantChanges || isMonitoringVisits
      || !regions.isEmpty
  }

  /// The events `input` produces; `date` stands in for a fix without a timestamp.
  mutating func events(for input: FeedInput, at date: Timestamp) -> [LocationEvent] {
    switch input {
    case .location(let location):
      return events(for: location, at: location.timestamp ?? date)
    case .satellites(let satellites):
      return [.satellitesUpdated(satellites)]
    case .service(let state):
      guard state != lastService else { return [] }
      lastService = state
      return [.serviceStateChanged(state)]
    case .failure(let error):
      return [.failed(error)]
    }
  }

  private mutating func events(for location: Location, at date: Timestamp) -> [LocationEvent] {
    latest = location
    if usesCompass {
      declination = location.geographicPosition.flatMap { position in
        try? position.magneticDeclination(now: date)
      }
    }
    var events: [LocationEvent] = []
    var deliver = isUpdatingLocation && updates.decide(location) == .deliver
    if isMonitoringSignificantChanges && significant.isSignificant(location, at: date) {
      deliver = true
    }
    if deliver { events.append(.locationsUpdated([location])) }
    if isUpdatingHeading, !usesCompass, let heading = heading.heading(from: location) {
      latestHeading = heading
      events.append(.headingUpdated(heading))
    }
    for id in regions.keys.sorted() {
      guard var monitor = regions[id] else { continue }
      let transition = monitor.update(with: location)
      regions[id] = monitor
      switch transition {
      case .determined(let state)?: events.append(.determinedState(state, for: monitor.region))
      case .entered? where monitor.region.notifyOnEntry:
        events.append(.enteredRegion(monitor.region))
      case .exited? where monitor.region.notifyOnExit: events.append(.exitedRegion(monitor.region))
      case .unresolvable(let accuracy)?:
        events.append(.determinedState(.unknown, for: monitor.region))
        events.append(
          .monitoringFailed(
            region: monitor.region,
            error: .regionBelowAccuracy(
              id: monitor.region.id, radius: monitor.region.radius, accuracy: accuracy)))
      default: break
      }
    }
    if isMonitoringVisits, let visit = visits.update(with: location, at: date) {
      events.append(.visit(visit))
    }
    return events
  }
}
