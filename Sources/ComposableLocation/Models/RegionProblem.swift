/// Why a region cannot be monitored (carried by ``LocationError/invalidRegion(id:problem:)``).
public enum RegionProblem: Hashable, Sendable, CustomStringConvertible {
  /// The center is not a valid latitude/longitude (degrees).
  case invalidCenter(Coordinate)
  /// The radius (metres) is not a finite number above 0.
  case invalidRadius(Double)
  /// A ``RegionMonitor/Configuration`` setting (named) is not a finite number ≥ 0.
  case invalidMonitorSetting(name: String, value: Double)
  /// The region is not monitored by this manager (``LocationClient/requestState`` before
  /// ``LocationClient/startMonitoring``).
  case notMonitored

  /// What is wrong, for a person.
  public var description: String {
    switch self {
    case .invalidCenter(let center):
      "center (\(center.latitude), \(center.longitude)) is not a valid latitude/longitude"
    case .invalidRadius(let radius):
      "radius \(radius) m must be a finite number of metres above 0"
    case .invalidMonitorSetting(let name, let value):
      "the monitor's \(name) \(value) must be a finite number ≥ 0"
    case .notMonitored:
      "it is not monitored by this manager; call startMonitoring first"
    }
  }
}
