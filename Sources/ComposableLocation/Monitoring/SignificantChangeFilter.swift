import SensorsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Passes only significant location changes, like Core Location's significant-change service:
/// the first fix, then a fix only once the device has moved at least ``minimumDistance`` and
/// at least ``minimumInterval`` has passed since the last one passed.
public struct SignificantChangeFilter: Hashable, Sendable {
  /// Minimum movement, metres.
  public var minimumDistance: Double
  /// Minimum time between passed fixes, seconds.
  public var minimumInterval: Double
  /// The last fix that passed.
  public private(set) var lastLocation: Location?
  /// When the last fix that passed was observed.
  public private(set) var lastDate: Timestamp?

  /// Creates a filter: `minimumDistance` in metres, `minimumInterval` in seconds.
  public init(minimumDistance: Double = 500, minimumInterval: Double = 300) {
    self.minimumDistance = minimumDistance
    self.minimumInterval = minimumInterval
  }

  /// Whether `location`, observed at `date`, is a significant change.
  public mutating func isSignificant(_ location: Location, at date: Timestamp) -> Bool {
    guard location.fix.hasPosition else { return false }
    if let previous = lastLocation, let previousDate = lastDate {
      guard date.timeIntervalSince(previousDate) >= minimumInterval,
        let moved = try? previous.coordinate.distance(to: location.coordinate),
        moved >= minimumDistance
      else { return false }
    }
    lastLocation = location
    lastDate = date
    return true
  }
}
