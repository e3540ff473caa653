import SensorsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Detects visits from dwell: an arrival once fixes have stayed within ``radius`` of their
/// centre for ``minimumDwell``, a departure once ``requiredDepartureFixes`` consecutive fixes
/// lie outside it. Pure: dates come with the fixes.
///
/// ```
///  moving ──first fix──▶ settling ──dwell ≥ minimumDwell──▶ visiting ──n fixes outside──▶ settling
///              ▲            └──fix outside radius: restart here──┘                         (at the new fix)
/// ```
public struct VisitDetector: Hashable, Sendable {
  /// Radius that holds a stay, metres.
  public var radius: Double
  /// How long the device must stay to count as a visit, seconds.
  public var minimumDwell: Double
  /// How many consecutive fixes outside end a visit (one stray fix does not).
  public var requiredDepartureFixes: Int
  /// The visit in progress, once arrived.
  public private(set) var currentVisit: Visit?
  private var cluster: Cluster?
  private var fixesOutside = 0
  private var firstOutside: Timestamp?

  /// The fixes of a possible or current stay: their running centre and the first fix's date.
  struct Cluster: Hashable, Sendable {
    var latitudeSum: Double
    var longitudeOffsetSum: Double
    var origin: Coordinate
    var count: Double
    var arrival: Timestamp

    init(_ coordinate: Coordinate, at date: Timestamp) {
      latitudeSum = coordinate.latitude
      longitudeOffsetSum = 0
      origin = coordinate
      count = 1
      arrival = date
    }

    var center: Coordinate {
      var longitude = origin.longitude + longitudeOffsetSum / count
      if longitude > 180 { longitude -= 360 }
      if longitude < -180 { longitude += 360 }
      return Coordinate(latitude: latitudeSum / count, longitude: longitude)
    }

    mutating func add(_ coordinate: Coordinate) {
      // Offsets from the first fix, wrapped, keep the mean right across the antimeridian.
      var offset = coordinate.longitude - origin.longitude
      if offset > 180 { offset -= 360 }
      if offset < -180 { offset += 360 }
      latitudeSum += coordinate.latitude
      longitudeOffsetSum += offset
      count += 1
    }
  }

  /// Creates a detector: `radius` in metres, `minimumDwell` in seconds.
  public init(
    radius: Double = 100, minimumDwell: Double = 300, requiredDepartureFixes: Int = 2
  ) {
    self.radius = radius
    self.minimumDwell = minimumDwell
    self.requiredDepartureFixes = max(1, requiredDepartureFixes)
  }

  /// Feeds one fix observed at `date`; returns an arrival or a departure when one happens.
  public mutating func update(with location: Location, at date: Timestamp) -> Visit? {
    guard location.fix.hasPosition, location.coordinate.isValid else { return nil }
    guard var current = cluster else {
      cluster = Cluster(location.coordinate, at: date)
      return nil
    }
    let distance = (try? current.center.distance(to: location.coordinate)) ?? .infinity
    if distance <= radius {
      fixesOutside = 0
      firstOutside = nil
      current.add(location.coordinate)
      cluster = current
      guard currentVisit == nil, date.timeIntervalSince(current.arrival) >= minimumDwell else {
        return nil
      }
      let arrival = Visit(
        coordinate: current.center, horizontalAccuracy: radius, arrivalDate: current.arrival)
      currentVisit = arrival
      return arrival
    }
    guard var visit = currentVisit else {
      cluster = Cluster(location.coordinate, at: date)
      return nil
    }
    fixesOutside += 1
    if firstOutside == nil { firstOutside = date }
    guard fixesOutside >= requiredDepartureFixes else { return nil }
    visit.coordinate = current.center
    visit.departureDate = firstOutside ?? date
    currentVisit = nil
    fixesOutside = 0
    firstOutside = nil
    cluster = Cluster(location.coordinate, at: date)
    return visit
  }
}
