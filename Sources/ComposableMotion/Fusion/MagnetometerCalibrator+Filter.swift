// What the orientation filter reads from the calibrator for each sample, in one small value: reading
// the calibrator's properties through the filter's optional copied all of it (about a kilobyte).
extension MagnetometerCalibrator {
  /// What ``correct(_:orientation6D:angularVelocity:fieldDisturbed:interval:)`` did with one sample.
  struct Step {
    /// The corrected field in µT, device axes.
    var field: SIMD3<Double>
    /// ``changedNoticeably``.
    var changedNoticeably: Bool
    /// The field strength (µT) and dip (degrees) of the calibration in use, when it changed noticeably.
    var fieldStrength = 0.0
    var dip = 0.0
  }

  /// ``update(_:orientation6D:angularVelocity:fieldDisturbed:interval:)`` for the filter: the corrected
  /// field, and the new calibration's field when it changed noticeably.
  @inline(__always)
  mutating func correct(
    _ raw: SIMD3<Double>, orientation6D: Quaternion, angularVelocity: SIMD3<Double>,
    fieldDisturbed: Bool, interval: Double
  ) -> Step {
    let field = update(
      raw, orientation6D: orientation6D, angularVelocity: angularVelocity,
      fieldDisturbed: fieldDisturbed, interval: interval)
    guard changedNoticeably else { return Step(field: field, changedNoticeably: false) }
    return Step(
      field: field, changedNoticeably: true, fieldStrength: calibration.fieldStrength,
      dip: calibration.dip)
  }
}
