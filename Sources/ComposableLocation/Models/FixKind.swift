/// What kind of position solution a receiver reported, from gpsd's TPV `mode` and `status`.
///
/// `mode` says how many dimensions were solved (none, 2D, 3D); `status` says how the solution
/// was augmented. A 3D fix with DGPS corrections is ``dgps``; a plain 3D fix is ``threeDimensional``.
public enum FixKind: String, Hashable, Sendable, Codable, CaseIterable {
  /// No position solution (TPV `mode` 0 or 1).
  case none
  /// Latitude and longitude only (TPV `mode` 2, no augmentation).
  case twoDimensional
  /// Latitude, longitude and altitude (TPV `mode` 3, no augmentation).
  case threeDimensional
  /// Differential GNSS corrections applied (TPV `status` 2).
  case dgps
  /// RTK with fixed integer ambiguities, centimetre level (TPV `status` 3).
  case rtkFixed
  /// RTK with float ambiguities, decimetre level (TPV `status` 4).
  case rtkFloat
  /// Dead reckoning only, no satellites (TPV `status` 5).
  case deadReckoning
  /// GNSS combined with dead reckoning (TPV `status` 6).
  case gnssDeadReckoning
  /// A surveyed-in, fixed position used for timing (TPV `status` 7).
  case surveyed
  /// A simulated position (TPV `status` 8).
  case simulated

  /// Maps gpsd's TPV `mode` (0 unknown, 1 none, 2 2D, 3 3D) and optional `status`.
  public init(mode: Int, status: Int?) {
    guard mode >= 2 else {
      self = .none
      return
    }
    switch status {
    case 2: self = .dgps
    case 3: self = .rtkFixed
    case 4: self = .rtkFloat
    case 5: self = .deadReckoning
    case 6: self = .gnssDeadReckoning
    case 7: self = .surveyed
    case 8: self = .simulated
    default: self = mode == 2 ? .twoDimensional : .threeDimensional
    }
  }

  /// Whether this kind carries a usable position.
  public var hasPosition: Bool { self != .none }
}
