import GPSD
import Geomagnetism
import SensorsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension LocationClient {
  /// Tuning shared by the live and replay backends.
  public struct Configuration: Sendable {
    /// Where gpsd is and how to talk to it (live backend only): by default `127.0.0.1:2947`
    /// with `GPSD_HOST`/`GPSD_PORT` honoured, reconnecting with capped backoff, and a receiver
    /// silent for 5 s reported as lost (``ServiceState/deviceLost(device:)``).
    public var gpsd: GPSDConnection.Configuration
    /// How GeoClue2 is asked for positions (``LocationClient/geoClue(configuration:clock:)``, and
    /// ``LocationClient/live(configuration:clock:)`` when gpsd does not answer).
    public var geoClue: GeoClueConfiguration
    /// How long ``LocationClient/requestLocation`` waits for a good enough fix.
    public var requestLocationTimeout: Duration
    /// How long authorization requests wait for gpsd to answer the WATCH request.
    public var probeTimeout: Duration
    /// The longest a live fix waits for the rest of its epoch (gpsd and GeoClue). gpsd sends
    /// one fix (one `time`) as several TPV reports, and GeoClue's NMEA source announces it
    /// twice (its GGA, then its RMC); the client delivers one location per fix, merged as
    /// gpsd's `gps_merge_fix` merges them: when the next fix starts, when the link changes
    /// state, or this long after the fix's first report, whichever comes first. A receiver's
    /// cycle at 4800 baud spans up to about a second, hence the default 1.5 s; a replay reads
    /// ahead and never waits.
    public var epochTimeout: Duration
    /// Minimum speed for a course over ground to count as a heading, metres per second.
    public var minimumHeadingSpeed: Double
    /// Hysteresis of region monitoring.
    public var regions: RegionMonitor.Configuration
    /// Thresholds of the significant-change service.
    public var significantChange: SignificantChangeFilter
    /// Thresholds of visit detection.
    public var visits: VisitDetector
    /// How many events a manager's stream buffers for a slow consumer before dropping the oldest
    /// (at least 1); ``LocationClient/droppedEvents`` counts the drops.
    public var eventBufferLimit: Int
    /// Supplies "now" for fixes that carry no timestamp (visits, significant changes).
    public var now: @Sendable () -> Timestamp
    /// Where compass headings come from (`CompassSource.deviceMotion(motionClient)` from
    /// ComposableMotion), or nil: headings are then the course over ground while moving. With
    /// one, ``LocationClient/startUpdatingHeading`` delivers compass headings, their true
    /// heading from the World Magnetic Model's declination at the latest fix.
    public var compass: CompassSource?

    /// Creates a configuration; every parameter has a sensible default.
    public init(
      gpsd: GPSDConnection.Configuration = .fromEnvironment(),
      requestLocationTimeout: Duration = .seconds(30),
      probeTimeout: Duration = .seconds(10),
      epochTimeout: Duration = .milliseconds(1500),
      minimumHeadingSpeed: Double = 0.5,
      regions: RegionMonitor.Configuration = .init(),
      significantChange: SignificantChangeFilter = .init(),
      visits: VisitDetector = .init(),
      eventBufferLimit: Int = 1024,
      now: @escaping @Sendable () -> Timestamp = { Timestamp.now() },
      compass: CompassSource? = nil,
      geoClue: GeoClueConfiguration = GeoClueConfiguration()
    ) {
      self.gpsd = gpsd
      self.geoClue = geoClue
      self.requestLocationTimeout = requestLocationTimeout
      self.probeTimeout = probeTimeout
      self.epochTimeout = epochTimeout
      self.minimumHeadingSpeed = minimumHeadingSpeed
      self.regions = regions
      self.significantChange = significantChange
      self.visits = visits
      self.eventBufferLimit = max(1, eventBufferLimit)
      self.now = now
      self.compass = compass
    }
  }
}
