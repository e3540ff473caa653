import Foundation

extension LocationClient {
  /// Tuning shared by the live and replay backends.
  public struct Configuration: Sendable {
    /// gpsd's host; defaults to `GPSD_HOST` from the environment, else `127.0.0.1`.
    public var host: String
    /// gpsd's TCP port; defaults to `GPSD_PORT` from the environment, else 2947.
    public var port: UInt16
    /// How long ``LocationClient/requestLocation`` waits for a good enough fix.
    public var requestLocationTimeout: Duration
    /// How long a connected receiver may stay silent before it counts as lost.
    public var stalenessTimeout: Duration
    /// Minimum speed for a course over ground to count as a heading, metres per second.
    public var minimumHeadingSpeed: Double
    /// Hysteresis of region monitoring.
    public var regions: RegionMonitor.Configuration
    /// Thresholds of the significant-change service.
    public var significantChange: SignificantChangeFilter
    /// Thresholds of visit detection.
    public var visits: VisitDetector
    /// How many events a manager's stream buffers for a slow consumer before dropping the oldest.
    public var eventBufferLimit: Int
    /// Supplies "now" for fixes that carry no timestamp (visits, significant changes).
    public var now: @Sendable () -> Date

    /// Creates a configuration; every parameter has a sensible default.
    public init(
      host: String? = nil,
      port: UInt16? = nil,
      requestLocationTimeout: Duration = .seconds(30),
      stalenessTimeout: Duration = .seconds(10),
      minimumHeadingSpeed: Double = 0.5,
      regions: RegionMonitor.Configuration = .init(),
      significantChange: SignificantChangeFilter = .init(),
      visits: VisitDetector = .init(),
      eventBufferLimit: Int = 1024,
      now: @escaping @Sendable () -> Date = { Date() }
    ) {
      let environment = ProcessInfo.processInfo.environment
      self.host = host ?? environment["GPSD_HOST"].flatMap { $0.isEmpty ? nil : $0 } ?? "127.0.0.1"
      self.port = port ?? environment["GPSD_PORT"].flatMap(UInt16.init) ?? 2947
      self.requestLocationTimeout = requestLocationTimeout
      self.stalenessTimeout = stalenessTimeout
      self.minimumHeadingSpeed = minimumHeadingSpeed
      self.regions = regions
      self.significantChange = significantChange
      self.visits = visits
      self.eventBufferLimit = max(1, eventBufferLimit)
      self.now = now
    }
  }
}
