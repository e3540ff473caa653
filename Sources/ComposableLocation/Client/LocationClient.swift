import SensorsCore

/// Location services as a value: a struct of `@Sendable` endpoints, the Linux counterpart of
/// `CLLocationManager` in the shape of composable-core-location.
///
/// Every endpoint can be replaced, so a test builds the client it needs (see `.unimplemented`
/// in ComposableSensorsTesting). ``live(configuration:clock:)`` reads gpsd,
/// ``replay(contentsOf:configuration:clock:maximumGap:)`` plays a `gpspipe -w` capture.
///
/// Lifecycle: ``create`` a manager for an id and consume its event stream; start and stop
/// services on that id; ``destroy`` it (or cancel the consuming task) to release the gpsd
/// connection. The id-taking convenience methods accept any `Hashable & Sendable` id.
///
/// Starting a service that already runs on an id is defined: it keeps the one connection;
/// location and heading updates reset their filters so the next fix or heading is delivered;
/// the other services carry on unchanged. Starting after the source ended (a replay reached its
/// end) opens a fresh one.
///
/// Back-pressure is bounded and visible: a manager's stream buffers the newest
/// ``Configuration/eventBufferLimit`` events for a slow consumer, drops the oldest, and counts
/// every drop in ``droppedEvents``. A replay, being a file, waits for the consumer instead and
/// drops nothing.
///
/// ```swift
/// return .run { send in
///   for await event in await client.create(id: LocationID()) {
///     await send(.location(event))
///   }
/// }
/// ```
public struct LocationClient: Sendable {
  /// Creates the manager for an id and returns its event stream.
  ///
  /// Creating an id that already exists finishes the previous stream (its consumer sees the end)
  /// and stops what the previous manager was running; the new manager starts idle. The manager
  /// lives as long as its stream: when the stream is dropped or its consuming task is cancelled,
  /// the manager is destroyed as if by ``destroy``.
  public var create: @Sendable (AnyHashableSendable) async -> AsyncStream<LocationEvent>
  /// Stops everything the manager runs, finishes its stream and closes its gpsd connection;
  /// when this returns, the socket is closed. Destroying an unknown id does nothing.
  public var destroy: @Sendable (AnyHashableSendable) async -> Void
  /// The current authorization status (see the article "Authorization on Linux").
  public var authorizationStatus: @Sendable () async -> AuthorizationStatus
  /// A stream that starts with the current authorization status, then yields every change.
  public var authorizationStatusUpdates: @Sendable () async -> AsyncStream<AuthorizationStatus>
  /// Whether gpsd was reachable the last time it was contacted (`true` before any contact).
  public var locationServicesEnabled: @Sendable () async -> Bool
  /// Contacts gpsd and sets the status to ``AuthorizationStatus/authorizedWhenInUse`` when it answers.
  /// Every manager then receives ``LocationEvent/authorizationChanged(_:)`` if the status changed.
  public var requestWhenInUseAuthorization: @Sendable (AnyHashableSendable) async -> Void
  /// Contacts gpsd and sets the status to ``AuthorizationStatus/authorizedAlways`` when it answers.
  public var requestAlwaysAuthorization: @Sendable (AnyHashableSendable) async -> Void
  /// Returns one fix meeting the manager's desired accuracy, or throws
  /// ``LocationError/timedOut(seconds:desiredAccuracy:bestAccuracySeen:)`` after the configured
  /// timeout. It uses its own connection and does not touch the event stream.
  public var requestLocation:
    @Sendable (AnyHashableSendable) async throws(LocationError) -> Location
  /// Starts delivering ``LocationEvent/locationsUpdated(_:)``. Calling it again while running keeps
  /// the one connection and delivers the next fix whatever the distance filter says.
  public var startUpdatingLocation: @Sendable (AnyHashableSendable) async -> Void
  /// Stops location updates (the connection closes once nothing else runs on this id).
  public var stopUpdatingLocation: @Sendable (AnyHashableSendable) async -> Void
  /// The most recent fix this manager received, delivered or not.
  public var location: @Sendable (AnyHashableSendable) async -> Location?
  /// Changes desired accuracy, distance filter and heading filter; `nil` fields stay as they are.
  public var set: @Sendable (AnyHashableSendable, Properties) async -> Void
  /// Starts delivering ``LocationEvent/headingUpdated(_:)``: compass headings when the client has
  /// a ``Configuration/compass``, else the course over ground while moving.
  /// Calling it again while running delivers the next heading whatever the heading filter says
  /// (and subscribes to the compass afresh).
  public var startUpdatingHeading: @Sendable (AnyHashableSendable) async -> Void
  /// Stops heading updates.
  public var stopUpdatingHeading: @Sendable (AnyHashableSendable) async -> Void
  /// Starts monitoring a region (replacing one with the same id): ``LocationEvent/monitoringStarted(_:)``,
  /// or ``LocationEvent/monitoringFailed(region:error:)`` for an invalid region.
  public var startMonitoring: @Sendable (AnyHashableSendable, Region) async -> Void
  /// Stops monitoring a region.
  public var stopMonitoring: @Sendable (AnyHashableSendable, Region) async -> Void
  /// Reports ``LocationEvent/determinedState(_:for:)`` with what is known now (possibly `unknown`).
  public var requestState: @Sendable (AnyHashableSendable, Region) async -> Void
  /// The regions this manager monitors.
  public var monitoredRegions: @Sendable (AnyHashableSendable) async -> Set<Region>
  /// Starts the significant-change service (moves of ≥ 500 m, at most every 5 minutes, by default).
  public var startMonitoringSignificantLocationChanges:
    @Sendable (AnyHashableSendable) async -> Void
  /// Stops the significant-change service.
  public var stopMonitoringSignificantLocationChanges: @Sendable (AnyHashableSendable) async -> Void
  /// Starts visit detection (``LocationEvent/visit(_:)`` on arrival and on departure).
  public var startMonitoringVisits: @Sendable (AnyHashableSendable) async -> Void
  /// Stops visit detection.
  public var stopMonitoringVisits: @Sendable (AnyHashableSendable) async -> Void
  /// How many events the manager has lost to back-pressure since ``create``: its stream keeps the
  /// newest ``Configuration/eventBufferLimit`` events for a consumer that falls behind and drops
  /// the oldest; reports dropped on the way in from gpsd count too. 0 for an unknown id, and
  /// for a replay, which waits for its consumer instead of dropping.
  public var droppedEvents: @Sendable (AnyHashableSendable) async -> Int
  /// The most recent heading delivered to this manager (``LocationEvent/headingUpdated(_:)``),
  /// or nil before the first one — Core Location's `CLLocationManager.heading`.
  public var heading: @Sendable (AnyHashableSendable) async -> Heading?
  /// Whether headings can be reported: `true` for the gpsd and replay backends, which take them
  /// from the compass when ``Configuration/compass`` is set, else derive them from the course
  /// over ground while the receiver moves faster than ``Configuration/minimumHeadingSpeed``.
  public var headingAvailable: @Sendable () async -> Bool
  /// Whether significant-change monitoring works: `true` for the gpsd and replay backends (it is
  /// a filter over the fixes, see ``Configuration/significantChange``).
  public var significantLocationChangeMonitoringAvailable: @Sendable () async -> Bool
  /// The largest region radius that means anything, metres: the longest geodesic on WGS-84
  /// (pole to pole, 20,003,931.4586 m). A larger region contains the whole Earth.
  public var maximumRegionMonitoringDistance: @Sendable () async -> Double

  /// Creates a client from its endpoints; prefer ``live(configuration:clock:)``,
  /// ``replay(contentsOf:configuration:clock:maximumGap:)`` or `.unimplemented()` in tests.
  public init(
    create: @escaping @Sendable (AnyHashableSendable) async -> AsyncStream<LocationEvent>,
    destroy: @escaping @Sendable (AnyHashableSendable) async -> Void,
    authorizationStatus: @escaping @Sendable () async -> AuthorizationStatus,
    authorizationStatusUpdates: @escaping @Sendable () async -> AsyncStream<AuthorizationStatus>,
    locationServicesEnabled: @escaping @Sendable () async -> Bool,
    requestWhenInUseAuthorization: @escaping @Sendable (AnyHashableSendable) async -> Void,
    requestAlwaysAuthorization: @escaping @Sendable (AnyHashableSendable) async -> Void,
    requestLocation:
      @escaping @Sendable (AnyHashableSendable) async throws(LocationError) -> Location,
    startUpdatingLocation: @escaping @Sendable (AnyHashableSendable) async -> Void,
    stopUpdatingLocation: @escaping @Sendable (AnyHashableSendable) async -> Void,
    location: @escaping @Sendable (AnyHashableSendable) async -> Location?,
    set: @escaping @Sendable (AnyHashableSendable, Properties) async -> Void,
    startUpdatingHeading: @escaping @Sendable (AnyHashableSendable) async -> Void,
    stopUpdatingHeading: @escaping @Sendable (AnyHashableSendable) async -> Void,
    startMonitoring: @escaping @Sendable (AnyHashableSendable, Region) async -> Void,
    stopMonitoring: @escaping @Sendable (AnyHashableSendable, Region) async -> Void,
    requestState: @escaping @Sendable (AnyHashableSendable, Region) async -> Void,
    monitoredRegions: @escaping @Sendable (AnyHashableSendable) async -> Set<Region>,
    startMonitoringSignificantLocationChanges:
      @escaping @Sendable (AnyHashableSendable) async -> Void,
    stopMonitoringSignificantLocationChanges:
      @escaping @Sendable (AnyHashableSendable) async -> Void,
    startMonitoringVisits: @escaping @Sendable (AnyHashableSendable) async -> Void,
    stopMonitoringVisits: @escaping @Sendable (AnyHashableSendable) async -> Void,
    droppedEvents: @escaping @Sendable (AnyHashableSendable) async -> Int,
    heading: @escaping @Sendable (AnyHashableSendable) async -> Heading? = { _ in nil },
    headingAvailable: @escaping @Sendable () async -> Bool = { false },
    significantLocationChangeMonitoringAvailable: @escaping @Sendable () async -> Bool = {
      false
    },
    maximumRegionMonitoringDistance: @escaping @Sendable () async -> Double = { 0 }
  ) {
    self.create = create
    self.destroy = destroy
    self.authorizationStatus = authorizationStatus
    self.authorizationStatusUpdates = authorizationStatusUpdates
    self.locationServicesEnabled = locationServicesEnabled
    self.requestWhenInUseAuthorization = requestWhenInUseAuthorization
    self.requestAlwaysAuthorization = requestAlwaysAuthorization
    self.requestLocation = requestLocation
    self.startUpdatingLocation = startUpdatingLocation
    self.stopUpdatingLocation = stopUpdatingLocation
    self.location = location
    self.set = set
    self.startUpdatingHeading = startUpdatingHeading
    self.stopUpdatingHeading = stopUpdatingHeading
    self.startMonitoring = startMonitoring
    self.stopMonitoring = stopMonitoring
    self.requestState = requestState
    self.monitoredRegions = monitoredRegions
    self.startMonitoringSignificantLocationChanges = startMonitoringSignificantLocationChanges
    self.stopMonitoringSignificantLocationChanges = stopMonitoringSignificantLocationChanges
    self.startMonitoringVisits = startMonitoringVisits
    self.stopMonitoringVisits = stopMonitoringVisits
    self.droppedEvents = droppedEvents
    self.heading = heading
    self.headingAvailable = headingAvailable
    self.significantLocationChangeMonitoringAvailable =
      significantLocationChangeMonitoringAvailable
    self.maximumRegionMonitoringDistance = maximumRegionMonitoringDistance
  }
}
