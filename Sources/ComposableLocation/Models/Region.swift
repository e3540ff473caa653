/// A circular geographic region to monitor, the Linux counterpart of `CLCircularRegion`.
///
/// A hand-built region may be invalid (radius ≤ 0, coordinate out of range): monitoring it
/// fails with ``LocationEvent/monitoringFailed(region:error:)`` rather than trapping.
public struct Region: Hashable, Sendable, Codable, Identifiable {
  /// The identifier; starting to monitor a region with the same id replaces the old one.
  public var id: String
  /// The centre of the circle, degrees on WGS-84.
  public var center: Coordinate
  /// The radius of the circle, metres.
  public var radius: Double
  /// Whether entering the region produces ``LocationEvent/enteredRegion(_:)``.
  public var notifyOnEntry: Bool
  /// Whether leaving the region produces ``LocationEvent/exitedRegion(_:)``.
  public var notifyOnExit: Bool

  /// Creates a circular region; `radius` is in metres.
  public init(
    id: String,
    center: Coordinate,
    radius: Double,
    notifyOnEntry: Bool = true,
    notifyOnExit: Bool = true
  ) {
    self.id = id
    self.center = center
    self.radius = radius
    self.notifyOnEntry = notifyOnEntry
    self.notifyOnExit = notifyOnExit
  }

  /// The longest geodesic on WGS-84, metres (from pole to pole): no region needs a larger radius.
  public static let maximumRadius = 20_003_931.4586

  /// Checks that the region can be monitored.
  ///
  /// - Throws: ``LocationError/invalidRegion(id:problem:)`` naming what is wrong.
  public func validate() throws(LocationError) {
    guard center.isValid else {
      throw .invalidRegion(id: id, problem: .invalidCenter(center))
    }
    guard radius.isFinite, radius > 0 else {
      throw .invalidRegion(id: id, problem: .invalidRadius(radius))
    }
  }
}
