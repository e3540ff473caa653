/// The quality of a fix, from a TPV's `"status"` member (gpsd 3.22 values).
///
/// A struct rather than an enum so a status a newer gpsd invents still decodes; compare against the
/// named constants.
public struct GPSDFixStatus: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
  /// gpsd's integer code.
  public var rawValue: Int
  /// Wraps gpsd's integer code.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// `0`: unknown.
  public static let unknown = Self(rawValue: 0)
  /// `1`: a normal autonomous fix. gpsd usually omits `status` in this case.
  public static let normal = Self(rawValue: 1)
  /// `2`: differentially corrected (DGPS/SBAS).
  public static let dgps = Self(rawValue: 2)
  /// `3`: RTK with fixed integer ambiguities (centimetre class).
  public static let rtkFixed = Self(rawValue: 3)
  /// `4`: RTK with float ambiguities (decimetre class).
  public static let rtkFloat = Self(rawValue: 4)
  /// `5`: dead reckoning only.
  public static let deadReckoning = Self(rawValue: 5)
  /// `6`: GNSS combined with dead reckoning.
  public static let gnssDeadReckoning = Self(rawValue: 6)
  /// `7`: time only (surveyed-in position).
  public static let timeOnly = Self(rawValue: 7)
  /// `8`: simulated.
  public static let simulated = Self(rawValue: 8)
  /// `9`: P(Y) code.
  public static let precise = Self(rawValue: 9)

  public var description: String {
    switch rawValue {
    case 0: "unknown"
    case 1: "normal"
    case 2: "DGPS"
    case 3: "RTK fixed"
    case 4: "RTK float"
    case 5: "dead reckoning"
    case 6: "GNSS + dead reckoning"
    case 7: "time only"
    case 8: "simulated"
    case 9: "P(Y)"
    default: "status \(rawValue)"
    }
  }
}
