import Foundation

/// Everything one location manager (one id) holds, and how an input becomes events. The
/// routing is a pure function of this state, so the engine stays a thin actor around it.
struct ManagerState {
  var continuation: AsyncStream<LocationEvent>.Continuation
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
  var feedTask: Task<Void, Never>?
  var feedToken = 0

  init(
    continuation: AsyncStream<LocationEvent>.Continuation, streamToken: Int,
    configuration: LocationClient.Configuration
  ) {
    self.continuation = continuation
    self.streamToken = streamToken
    self.heading = HeadingFilter(minimumSpeed: configuration.minimumHeadingSpeed)
    self.significant = configuration.significantChange
    self.visits = configuration.visits
    self.regionConfiguration = configuration.regions
  }

  /// Whether anything is running that needs fixes.
  var needsFeed: Bool {
    isUpdatingLocation || isUpdatingHeading || isMonitoringSignificantChanges || isMonitoringVisits
      || !regions.isEmpty
  }

  /// The events `input` produces; `date` stands in for a fix without a timestamp.
  mutating func events(for input: FeedInput, at date: Date) -> [LocationEvent] {
    switch input {
    case .location(let location):
      return events(for: location, at: location.timestamp ?? date)
    case .satellites(let satellites):
      return [.satellitesUpdated(satellites)]
    case .service(let state):
      return [.serviceStateChanged(state)]
    case .failure(let error):
      return [.failed(error)]
    }
  }

  private mutating func events(for location: Location, at date: Date) -> [LocationEvent] {
    latest = location
    var events: [LocationEvent] = []
    var deliver = isUpdatingLocation && updates.decide(location) == .deliver
    if isMonitoringSignificantChanges && significant.isSignificant(location, at: date) {
      deliver = true
    }
    if deliver { events.append(.locationsUpdated([location])) }
    if isUpdatingHeading, let heading = heading.heading(from: location) {
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
      default: break
      }
    }
    if isMonitoringVisits, let visit = visits.update(with: location, at: date) {
      events.append(.visit(visit))
    }
    return events
  }
}
