extension LocationClient {
  /// A client reading positions from GeoClue2 on the system bus, as Linux phones and laptops
  /// provide them (fed by ModemManager, Wi-Fi, or an NMEA source).
  ///
  /// Each manager that starts a service creates its own GeoClue client (`CreateClient`), sets
  /// its desktop id, accuracy level and thresholds, and starts it; GeoClue's agent decides
  /// access, so authorization requests create and start a client to learn the answer
  /// (`AccessDenied` → ``AuthorizationStatus/denied``, no GeoClue → location services disabled).
  /// GeoClue's `LocationUpdated` signals become locations, one per fix (GeoClue announces an
  /// NMEA fix twice, once per sentence; see ``Configuration/epochTimeout``); unknown altitude,
  /// speed and heading stay nil. When GeoClue leaves the bus (it exited or was restarted) the
  /// stream reports ``LocationError/geoClueUnavailable(_:)`` with `DBusError.serviceLeft` and
  /// ``ServiceState/reconnecting(attempt:)``, waits for GeoClue to come back, creates and starts
  /// a new client, and reports ``ServiceState/connected(release:)`` again. A refusal
  /// (``LocationError/geoClueDenied(_:)``) makes the status
  /// ``AuthorizationStatus/denied``. The client is stopped and deleted when nothing on the
  /// manager needs fixes.
  ///
  /// - Parameters:
  ///   - configuration: monitoring thresholds; ``Configuration/geoClue`` says which bus and
  ///     what to ask GeoClue for.
  ///   - clock: D-Bus call timeouts and ``requestLocation`` timeouts run on it.
  public static func geoClue(
    configuration: Configuration = Configuration(),
    clock: any Clock<Duration> = ContinuousClock()
  ) -> LocationClient {
    let feed = GeoClueFeed.make(
      configuration: configuration.geoClue, epochTimeout: configuration.epochTimeout, clock: clock)
    return .engine(LocationEngine(feed: feed, configuration: configuration, clock: clock))
  }
}
