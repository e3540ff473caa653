/// The accuracy a caller wants, in metres, like `CLLocationAccuracy`.
///
/// Fixes whose horizontal accuracy is worse than the desired accuracy are not delivered, and
/// ``LocationClient/requestLocation`` waits for one that meets it. ``best`` accepts every fix,
/// including fixes whose accuracy the receiver did not report.
public struct LocationAccuracy: Hashable, Sendable, Codable, Comparable {
  /// The largest acceptable horizontal error, metres; `.infinity` for ``best``.
  public var meters: Double

  /// Creates a desired accuracy of `meters` (95 % horizontal error).
  public init(meters: Double) {
    self.meters = meters
  }

  /// Accept every fix (the default).
  public static let best = LocationAccuracy(meters: .infinity)
  /// Within ten metres.
  public static let nearestTenMeters = LocationAccuracy(meters: 10)
  /// Within one hundred metres.
  public static let hundredMeters = LocationAccuracy(meters: 100)
  /// Within one kilometre.
  public static let kilometer = LocationAccuracy(meters: 1000)
  /// Within three kilometres.
  public static let threeKilometers = LocationAccuracy(meters: 3000)

  /// Whether `location` meets this accuracy. A fix without a reported accuracy meets only ``best``.
  public func isMet(by location: Location) -> Bool {
    if meters == .infinity { return true }
    guard let accuracy = location.horizontalAccuracy else { return false }
    return accuracy <= meters
  }

  /// Whether `lhs` is stricter (fewer metres) than `rhs`.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.meters < rhs.meters }
}
