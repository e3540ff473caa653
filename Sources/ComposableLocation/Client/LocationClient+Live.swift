extension LocationClient {
  /// A client reading real positions from gpsd when gpsd answers, and from GeoClue2 otherwise.
  ///
  /// The authorization request decides: gpsd (at ``Configuration/gpsd``) is asked first; when
  /// it does not answer, GeoClue on the system bus is (see ``geoClue(configuration:clock:)``).
  /// Every opened stream says which it reads with ``ServiceState/source(_:)`` right after it
  /// connects. With neither, gpsd's answer is reported.
  ///
  /// Over gpsd, each manager that starts a service opens its own connection to gpsd (at
  /// ``Configuration/gpsd``), which reconnects with capped backoff when gpsd restarts and
  /// re-sends the WATCH request; the connection closes when nothing on that manager needs fixes,
  /// on ``destroy``, or when the consumer of the event stream goes away. Authorization requests
  /// open a short connection to see whether gpsd answers (see "Authorization on Linux").
  ///
  /// - Parameters:
  ///   - configuration: gpsd's address, timeouts, monitoring thresholds.
  ///   - clock: backoff, staleness and ``requestLocation`` timeouts run on it.
  public static func live(
    configuration: Configuration = Configuration(),
    clock: any Clock<Duration> = ContinuousClock()
  ) -> LocationClient {
    let gpsd = LiveFeed.make(
      configuration: configuration.gpsd, clock: clock, probeTimeout: configuration.probeTimeout,
      epochTimeout: configuration.epochTimeout)
    let feed = AutomaticFeed.make(
      gpsd: gpsd,
      geoClue: GeoClueFeed.make(
        configuration: configuration.geoClue, epochTimeout: configuration.epochTimeout,
        clock: clock),
      gpsdAddress: "\(configuration.gpsd.host):\(configuration.gpsd.port)")
    return .engine(LocationEngine(feed: feed, configuration: configuration, clock: clock))
  }

  /// A client reading real positions from gpsd only, as ``live(configuration:clock:)``, that also
  /// writes every line gpsd sends it to `capture`, in `gpspipe -w` form: replay the file with
  /// ``replay(contentsOf:configuration:clock:maximumGap:)`` to get the same fixes.
  ///
  /// ```swift
  /// let capture = try GPSDCaptureWriter(path: "gpsd.jsonl")
  /// let location = LocationClient.live(capture: capture)
  /// ```
  ///
  /// - Parameters:
  ///   - configuration: gpsd's address, timeouts, monitoring thresholds.
  ///   - clock: backoff, staleness and ``requestLocation`` timeouts run on it.
  ///   - capture: where the lines go; close it when done (see ``GPSDCaptureWriter``).
  public static func live(
    configuration: Configuration = Configuration(),
    clock: any Clock<Duration> = ContinuousClock(),
    capture: GPSDCaptureWriter
  ) -> LocationClient {
    let feed = LiveFeed.make(
      configuration: configuration.gpsd, clock: clock, probeTimeout: configuration.probeTimeout,
      epochTimeout: configuration.epochTimeout, capture: capture)
    return .engine(LocationEngine(feed: feed, configuration: configuration, clock: clock))
  }
}
