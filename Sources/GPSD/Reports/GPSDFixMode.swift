/// The fix dimension gpsd reports in a TPV's `"mode"` member.
public enum GPSDFixMode: Int, Sendable, Hashable, CaseIterable {
  /// `0`: gpsd has not yet seen a mode from the receiver.
  case notSeen = 0
  /// `1`: the receiver has no fix.
  case noFix = 1
  /// `2`: a two-dimensional fix (latitude and longitude, no trustworthy altitude).
  case twoDimensional = 2
  /// `3`: a three-dimensional fix (latitude, longitude and altitude).
  case threeDimensional = 3

  /// Whether this mode carries a position (2D or 3D).
  public var hasFix: Bool { self == .twoDimensional || self == .threeDimensional }
}
