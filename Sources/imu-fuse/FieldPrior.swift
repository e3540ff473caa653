import ComposableMotion
import Geomagnetism
import SensorsCore

/// Where the recording was made, as `--latitude`, `--longitude`, `--altitude` and `--date` give
/// it: the calibrator then expects the World Magnetic Model's field there instead of any field
/// some place on Earth has.
struct RecordingPlace {
  var latitude: Double?
  var longitude: Double?
  var altitude: Double?
  var date: CalendarDay?

  /// Whether any of the options was given.
  var isGiven: Bool { latitude != nil || longitude != nil || altitude != nil || date != nil }

  /// Reads the value of a location option, or returns why it is unusable.
  static func number(_ text: String?, option: String) -> Result<Double, RecordingPlaceError> {
    guard let text else { return .failure(.missingValue(option)) }
    guard let value = Double(text), value.isFinite else {
      return .failure(.notANumber(option: option, text: text))
    }
    return .success(value)
  }

  /// The prior for the calibrator: the model's field at the place and day (today, UTC, without
  /// `--date`).
  func prior(now: Timestamp = .now()) -> Result<MagneticFieldPrior, RecordingPlaceError> {
    guard let latitude, let longitude else { return .failure(.incomplete) }
    do throws(GeomagneticError) {
      let field = try WorldMagneticModel.wmm2025.field(
        latitude: latitude, longitude: longitude, altitude: altitude ?? 0,
        decimalYear: date?.decimalYear ?? WorldMagneticModel.decimalYear(now))
      return .success(MagneticFieldPrior(field: field))
    } catch {
      return .failure(.model(error))
    }
  }
}

/// Why the location options cannot give a prior.
enum RecordingPlaceError: Error, CustomStringConvertible {
  case missingValue(String)
  case notANumber(option: String, text: String)
  case incomplete
  case model(GeomagneticError)

  var description: String {
    switch self {
    case .missingValue(let option): return "\(option) needs a value"
    case .notANumber(let option, let text): return "\(option): \(text) is not a number"
    case .incomplete:
      return
        "a location needs both --latitude and --longitude (--altitude and --date need them too)"
    case .model(let error): return "the World Magnetic Model: \(error.description)"
    }
  }
}
