/// The strengths the Earth's main field has at each dip, anywhere on the surface: the Earth-wide
/// prior of ``MagneticFieldPrior/earthWide``.
///
/// The field is weakest (22 µT) near the equator of the South Atlantic anomaly and strongest (67 µT)
/// off Antarctica; its dip follows the magnetic latitude, so a given dip allows a much narrower band
/// of strengths (at a dip of 0° only 22–42 µT; at 75° only 50–62 µT). Each band below is the
/// smallest and largest total intensity of WMM2025 on the WGS84 surface among the places whose dip
/// lies within a 5° band (a 0.5° × 1° grid at 2025.0 and at 2030.0, rounded outwards to 0.1 µT).
/// `EarthFieldEnvelopeTests` recomputes them from ``WorldMagneticModel/wmm2025``.
enum EarthFieldEnvelope {
  /// The width of a band of dips, degrees.
  static let bandWidth = 5.0

  /// The smallest total intensity (µT) in each band, from the dip −90…−85° up to 85…90°.
  static let lowest: [Double] = [
    64.9, 61.7, 56.9, 49.9, 23.0, 23.0, 23.1, 22.7, 22.3, 22.0, 21.9, 21.9, 21.9, 22.0, 22.3, 22.6,
    23.0, 23.5, 24.2, 24.9, 25.8, 26.9, 28.0, 29.4, 31.0, 32.8, 34.9, 36.5, 38.9, 41.9, 45.5, 48.4,
    50.2, 52.0, 53.9, 55.6,
  ]

  /// The largest total intensity (µT) in each band, as ``lowest``.
  static let highest: [Double] = [
    67.0, 66.9, 65.8, 63.7, 61.2, 58.5, 55.9, 53.4, 51.1, 49.1, 47.4, 46.0, 44.9, 43.9, 43.1, 42.5,
    42.2, 42.0, 42.1, 42.4, 42.9, 43.6, 44.5, 45.6, 46.9, 48.3, 50.0, 52.1, 54.1, 56.2, 58.3, 60.2,
    61.6, 62.1, 62.1, 61.3,
  ]

  /// The range of strengths (µT) of the places whose dip is within `tolerance` degrees of `dip`;
  /// `nil` for a dip that is not finite.
  static func strengths(dip: Double, tolerance: Double) -> ClosedRange<Double>? {
    guard dip.isFinite, tolerance.isFinite else { return nil }
    let count = lowest.count
    let low = max(-90, min(90, dip - tolerance))
    let high = max(-90, min(90, dip + tolerance))
    let first = min(count - 1, max(0, Int(((low + 90) / bandWidth).rounded(.down))))
    let last = min(count - 1, max(0, Int(((high + 90) / bandWidth).rounded(.down))))
    var weakest = Double.infinity
    var strongest = 0.0
    for band in first...last {
      weakest = min(weakest, lowest[band])
      strongest = max(strongest, highest[band])
    }
    return weakest...strongest
  }
}
