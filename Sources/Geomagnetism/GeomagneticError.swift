/// Why a geomagnetic model could not be evaluated: an argument outside the model's domain.
///
/// The model never returns NaN or a silently clamped answer; every input it cannot honour is one
/// of these cases, each saying what was given and what is accepted.
public enum GeomagneticError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A latitude that is not a finite number of degrees within −90…90.
  case latitudeOutOfRange(Double)
  /// A longitude that is not a finite number of degrees within −360…360.
  case longitudeOutOfRange(Double)
  /// A height that is not a finite number of metres within the model's range, `validRange`
  /// (−1 km to 850 km above the WGS84 ellipsoid for the WMM).
  case altitudeOutOfRange(Double, validRange: ClosedRange<Double>)
  /// A date outside the years the model covers (2025.0–2030.0 for WMM2025): use the model that
  /// covers it.
  case dateOutsideModel(decimalYear: Double, model: String, validFrom: Double, validUntil: Double)
  /// A calendar date that does not exist (month 13, February 30…).
  case invalidDate(year: Int, month: Int, day: Int)
  /// Text that is not a calendar date written `YYYY-MM-DD` (``CalendarDay/init(_:)``).
  case malformedDay(String)

  /// A sentence a person can act on.
  public var description: String {
    switch self {
    case .latitudeOutOfRange(let value):
      return "latitude \(value) is not within -90...90 degrees"
    case .longitudeOutOfRange(let value):
      return "longitude \(value) is not within -360...360 degrees"
    case .altitudeOutOfRange(let value, let range):
      return
        "altitude \(value) m is outside the model's \(range.lowerBound)...\(range.upperBound) m"
        + " above the WGS84 ellipsoid"
    case .dateOutsideModel(let year, let model, let from, let until):
      return "date \(year) is outside \(model), which is valid from \(from) to \(until)"
    case .invalidDate(let year, let month, let day):
      return "\(year)-\(month)-\(day) is not a calendar date"
    case .malformedDay(let text):
      return "\(text) is not a day written YYYY-MM-DD, such as 2026-03-20"
    }
  }
}
