import SensorsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A place where the device stayed for a while, like `CLVisit`.
///
/// An arrival is reported with `departureDate == nil`; the departure is reported as a second
/// visit with both dates set.
public struct Visit: Hashable, Sendable, Codable {
  /// The centre of the fixes recorded during the stay, degrees.
  public var coordinate: Coordinate
  /// The radius around ``coordinate`` that held the stay, metres.
  public var horizontalAccuracy: Double
  /// When the device arrived (the first fix of the stay).
  public var arrivalDate: Timestamp
  /// When the device left (the first fix outside), or `nil` while it is still there.
  public var departureDate: Timestamp?

  /// Creates a visit. `horizontalAccuracy` is in metres.
  public init(
    coordinate: Coordinate, horizontalAccuracy: Double, arrivalDate: Timestamp,
    departureDate: Timestamp? = nil
  ) {
    self.coordinate = coordinate
    self.horizontalAccuracy = horizontalAccuracy
    self.arrivalDate = arrivalDate
    self.departureDate = departureDate
  }
}
