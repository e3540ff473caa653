// Tells a change of the field the device moves through (a magnet passed, a switched motor) from the
// turning of a device-fixed calibration error, step by step of rotation.
//
// A calibration that leaves a device-fixed error δ (µT) gives a corrected field whose world-frame
// direction is the Earth's field plus R δ: between two orientations an angle θ apart it can move by at
// most 2 sin(θ / 2) |δ|. A world-frame change larger than that (plus the noise) cannot come from the
// device's own iron: the field itself changed. The detector then holds the field seen just before the
// change as its reference, and calls every step disturbed until the field is back at it (as far as
// the same bound tells) — so neither a magnet passed nor a motor switched on feeds the fit.
struct WorldChangeDetector: Sendable {
  /// The last step that was not a change: the raw field (µT, device axes) and its orientation.
  private var last: (raw: SIMD3<Double>, orientation: Quaternion)?
  /// While holding, the step before the change.
  private var reference: (raw: SIMD3<Double>, orientation: Quaternion)?
  /// Consecutive steps called changed.
  private(set) var heldSteps = 0

  /// Whether the detector holds a reference (the field is changed).
  var isHolding: Bool { reference != nil }

  /// Forgets everything: the next step starts afresh.
  mutating func reset() {
    last = nil
    reference = nil
    heldSteps = 0
  }

  /// Whether one step (raw field in µT, orientation device → z-up frame) is a change of the field
  /// itself, for a calibration `correct` whose device-fixed error is at most `deviceError` µT and a
  /// step-to-step noise of at most `noise` µT.
  mutating func isChange(
    _ raw: SIMD3<Double>, orientation: Quaternion, noise: Double, deviceError: Double,
    correct: (SIMD3<Double>) -> SIMD3<Double>
  ) -> Bool {
    if let held = reference {
      guard
        !Self.explains(
          held, (raw, orientation), noise: noise, deviceError: deviceError, correct: correct)
      else {
        reference = nil
        heldSteps = 0
        last = (raw, orientation)
        return false
      }
      heldSteps += 1
      return true
    }
    defer { if reference == nil { last = (raw, orientation) } }
    guard let previous = last,
      !Self.explains(
        previous, (raw, orientation), noise: noise, deviceError: deviceError, correct: correct)
    else { return false }
    reference = previous
    heldSteps = 1
    return true
  }

  /// Whether a device-fixed error of at most `deviceError` µT (and the noise) explains the change of
  /// the world-frame corrected field between two steps.
  private static func explains(
    _ a: (raw: SIMD3<Double>, orientation: Quaternion),
    _ b: (raw: SIMD3<Double>, orientation: Quaternion), noise: Double, deviceError: Double,
    correct: (SIMD3<Double>) -> SIMD3<Double>
  ) -> Bool {
    let change = (a.orientation.rotate(correct(a.raw)) - b.orientation.rotate(correct(b.raw)))
      .length
    let cosine = min(
      1,
      abs(
        a.orientation.w * b.orientation.w + a.orientation.x * b.orientation.x + a.orientation.y
          * b.orientation.y + a.orientation.z * b.orientation.z))
    // |q·p| = cos(θ / 2), so 2 sin(θ / 2) = 2 √(1 − cos²).
    let chord = 2 * (1 - cosine * cosine).squareRoot()
    return change <= noise + chord * deviceError
  }
}
