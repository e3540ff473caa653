import Geomagnetism
import SensorsCore

// The endpoints take `AnyHashableSendable`; these take any `Hashable & Sendable` id, the way
// composable-core-location's `create(id:)` reads.
extension LocationClient {
  /// Creates the manager for `id`; see ``create``.
  public func create(id: some Hashable & Sendable) async -> AsyncStream<LocationEvent> {
    await create(AnyHashableSendable(id))
  }

  /// Destroys the manager for `id`, closing its connection; see ``destroy``.
  public func destroy(id: some Hashable & Sendable) async {
    await destroy(AnyHashableSendable(id))
  }

  /// See ``requestWhenInUseAuthorization``.
  public func requestWhenInUseAuthorization(id: some Hashable & Sendable) async {
    await requestWhenInUseAuthorization(AnyHashableSendable(id))
  }

  /// See ``requestAlwaysAuthorization``.
  public func requestAlwaysAuthorization(id: some Hashable & Sendable) async {
    await requestAlwaysAuthorization(AnyHashableSendable(id))
  }

  /// One fix meeting the desired accuracy; see ``requestLocation``.
  public func requestLocation(id: some Hashable & Sendable) async throws(LocationError) -> Location
  {
    try await requestLocation(AnyHashableSendable(id))
  }

  /// See ``startUpdatingLocation``.
  public func startUpdatingLocation(id: some Hashable & Sendable) async {
    await startUpdatingLocation(AnyHashableSendable(id))
  }

  /// See ``stopUpdatingLocation``.
  public func stopUpdatingLocation(id: some Hashable & Sendable) async {
    await stopUpdatingLocation(AnyHashableSendable(id))
  }

  /// The latest fix of the manager for `id`.
  public func location(id: some Hashable & Sendable) async -> Location? {
    await location(AnyHashableSendable(id))
  }

  /// Changes settings; omitted arguments stay as they are. Metres and degrees.
  public func set(
    id: some Hashable & Sendable,
    desiredAccuracy: LocationAccuracy? = nil,
    distanceFilter: Double? = nil,
    headingFilter: Double? = nil,
    headingOrientation: HeadingOrientation? = nil
  ) async {
    await set(
      AnyHashableSendable(id),
      Properties(
        desiredAccuracy: desiredAccuracy, distanceFilter: distanceFilter,
        headingFilter: headingFilter, headingOrientation: headingOrientation))
  }

  /// The most recent heading delivered to manager `id`; see ``heading``.
  public func heading(id: some Hashable & Sendable) async -> Heading? {
    await heading(AnyHashableSendable(id))
  }

  /// See ``startUpdatingHeading``.
  public func startUpdatingHeading(id: some Hashable & Sendable) async {
    await startUpdatingHeading(AnyHashableSendable(id))
  }

  /// See ``stopUpdatingHeading``.
  public func stopUpdatingHeading(id: some Hashable & Sendable) async {
    await stopUpdatingHeading(AnyHashableSendable(id))
  }

  /// See ``startMonitoring``.
  public func startMonitoring(id: some Hashable & Sendable, region: Region) async {
    await startMonitoring(AnyHashableSendable(id), region)
  }

  /// See ``stopMonitoring``.
  public func stopMonitoring(id: some Hashable & Sendable, region: Region) async {
    await stopMonitoring(AnyHashableSendable(id), region)
  }

  /// See ``requestState``.
  public func requestState(id: some Hashable & Sendable, for region: Region) async {
    await requestState(AnyHashableSendable(id), region)
  }

  /// See ``monitoredRegions``.
  public func monitoredRegions(id: some Hashable & Sendable) async -> Set<Region> {
    await monitoredRegions(AnyHashableSendable(id))
  }

  /// See ``startMonitoringSignificantLocationChanges``.
  public func startMonitoringSignificantLocationChanges(id: some Hashable & Sendable) async {
    await startMonitoringSignificantLocationChanges(AnyHashableSendable(id))
  }

  /// See ``stopMonitoringSignificantLocationChanges``.
  public func stopMonitoringSignificantLocationChanges(id: some Hashable & Sendable) async {
    await stopMonitoringSignificantLocationChanges(AnyHashableSendable(id))
  }

  /// See ``startMonitoringVisits``.
  public func startMonitoringVisits(id: some Hashable & Sendable) async {
    await startMonitoringVisits(AnyHashableSendable(id))
  }

  /// See ``stopMonitoringVisits``.
  public func stopMonitoringVisits(id: some Hashable & Sendable) async {
    await stopMonitoringVisits(AnyHashableSendable(id))
  }

  /// Events the manager for `id` lost to back-pressure; see ``droppedEvents``.
  public func droppedEvents(id: some Hashable & Sendable) async -> Int {
    await droppedEvents(AnyHashableSendable(id))
  }
}
