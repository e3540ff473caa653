/// Decides which fixes a location manager delivers: desired accuracy, then distance filter.
public struct LocationUpdateFilter: Hashable, Sendable {
  /// Why a fix was or was not delivered.
  public enum Decision: Hashable, Sendable {
    /// Deliver it.
    case deliver
    /// Its horizontal accuracy is worse than the desired accuracy (or unknown while one is set).
    case insufficientAccuracy
    /// It is closer than the distance filter to the last delivered fix.
    case belowDistanceFilter
    /// It carries no position.
    case noFix
  }

  /// The accuracy a fix must meet.
  public var desiredAccuracy: LocationAccuracy
  /// Minimum movement between delivered fixes, metres; 0 delivers every fix.
  public var distanceFilter: Double
  /// The last fix this filter delivered.
  public private(set) var lastDelivered: Location?

  /// Creates a filter; `distanceFilter` is in metres (0 for none).
  public init(desiredAccuracy: LocationAccuracy = .best, distanceFilter: Double = 0) {
    self.desiredAccuracy = desiredAccuracy
    self.distanceFilter = distanceFilter
  }

  /// Decides about `location`, remembering it when delivered.
  public mutating func decide(_ location: Location) -> Decision {
    guard location.fix.hasPosition else { return .noFix }
    guard desiredAccuracy.isMet(by: location) else { return .insufficientAccuracy }
    if distanceFilter > 0, let last = lastDelivered,
      let moved = try? last.coordinate.distance(to: location.coordinate), moved < distanceFilter
    {
      return .belowDistanceFilter
    }
    lastDelivered = location
    return .deliver
  }

  /// Forgets the last delivered fix, so the next fix is delivered whatever the distance.
  public mutating func reset() {
    lastDelivered = nil
  }
}
