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
  /// The correction a step's field goes through: K (x − b), K the soft-iron correction and b the hard
  /// iron, µT.
  struct Correction: Sendable {
    var softIron: Matrix3
    var hardIron: SIMD3<Double>

    /// The identity: the field as it is.
    static let identity = Correction(softIron: .identity, hardIron: .zero)

    /// Whether two corrections have the same bits (then they correct every field alike).
    @inline(__always)
    func isSame(as other: Correction) -> Bool {
      Self.sameBits(softIron.r0, other.softIron.r0) && Self.sameBits(softIron.r1, other.softIron.r1)
        && Self.sameBits(softIron.r2, other.softIron.r2) && Self.sameBits(hardIron, other.hardIron)
    }

    @inline(__always)
    private static func sameBits(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Bool {
      a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern
        && a.z.bitPattern == b.z.bitPattern
    }
  }

  // The steps are kept field by field (no optional of a struct, which every assignment copied
  // whole): the raw field (µT, device axes), the orientation, and the corrected field in the frame
  // under the correction of `epoch` (kept, so that a step compared again under the same correction,
  // as the last one is with the next, is not corrected and turned again).
  /// The correction seen last, and how many times it changed.
  private var correction = Correction.identity
  private var epoch = 0
  /// The last step that was not a change, if `hasLast`.
  private var hasLast = false
  private var lastRaw = SIMD3<Double>.zero
  private var lastOrientation = Quaternion.identity
  private var lastWorld = SIMD3<Double>.zero
  private var lastEpoch = 0
  /// While `holding`, the step before the change.
  private var holding = false
  private var referenceRaw = SIMD3<Double>.zero
  private var referenceOrientation = Quaternion.identity
  private var referenceWorld = SIMD3<Double>.zero
  private var referenceEpoch = 0
  /// Consecutive steps (of rotation) called changed.
  private(set) var heldSteps = 0

  /// Whether the detector holds a reference (the field is changed).
  var isHolding: Bool { holding }

  /// Forgets everything: the next step starts afresh.
  mutating func reset() {
    hasLast = false
    holding = false
    heldSteps = 0
  }

  /// A raw field (µT) corrected by the correction in use and turned into the frame.
  @inline(__always)
  private func world(_ raw: SIMD3<Double>, _ orientation: Quaternion) -> SIMD3<Double> {
    orientation.rotate(correction.softIron * (raw - correction.hardIron))
  }

  /// Whether one step (raw field in µT, orientation device → z-up frame) is a change of the field
  /// itself, for a calibration `correction` whose device-fixed error is at most `deviceError` µT and
  /// a step-to-step noise of at most `noise` µT; the step counts as `steps` in ``heldSteps``.
  mutating func isChange(
    _ raw: SIMD3<Double>, orientation: Quaternion, noise: Double, deviceError: Double,
    correction new: Correction, steps: Int = 1
  ) -> Bool {
    if !new.isSame(as: correction) {
      correction = new
      epoch &+= 1
    }
    let current = world(raw, orientation)
    if holding {
      if referenceEpoch != epoch {
        referenceWorld = world(referenceRaw, referenceOrientation)
        referenceEpoch = epoch
      }
      guard
        !Self.explains(
          referenceWorld, referenceOrientation, current, orientation, noise: noise,
          deviceError: deviceError)
      else {
        holding = false
        heldSteps = 0
        keepAsLast(raw, orientation, current)
        return false
      }
      heldSteps += steps
      return true
    }
    guard hasLast else {
      keepAsLast(raw, orientation, current)
      return false
    }
    if lastEpoch != epoch {
      lastWorld = world(lastRaw, lastOrientation)
      lastEpoch = epoch
    }
    guard
      !Self.explains(
        lastWorld, lastOrientation, current, orientation, noise: noise, deviceError: deviceError)
    else {
      keepAsLast(raw, orientation, current)
      return false
    }
    // The field changed: hold the step before the change (the last one stays as it is).
    holding = true
    referenceRaw = lastRaw
    referenceOrientation = lastOrientation
    referenceWorld = lastWorld
    referenceEpoch = lastEpoch
    heldSteps = steps
    return true
  }

  @inline(__always)
  private mutating func keepAsLast(
    _ raw: SIMD3<Double>, _ orientation: Quaternion, _ world: SIMD3<Double>
  ) {
    hasLast = true
    lastRaw = raw
    lastOrientation = orientation
    lastWorld = world
    lastEpoch = epoch
  }

  /// Whether a device-fixed error of at most `deviceError` µT (and the noise) explains the change of
  /// the world-frame corrected field between two steps (`a` and `b`, each corrected and turned into
  /// the frame, with their orientations).
  @inline(__always)
  private static func explains(
    _ a: SIMD3<Double>, _ aOrientation: Quaternion, _ b: SIMD3<Double>, _ bOrientation: Quaternion,
    noise: Double, deviceError: Double
  ) -> Bool {
    let difference = a - b
    let cosine = min(
      1,
      abs(
        aOrientation.w * bOrientation.w + aOrientation.x * bOrientation.x + aOrientation.y
          * bOrientation.y + aOrientation.z * bOrientation.z))
    // |q·p| = cos(θ / 2), so 2 sin(θ / 2) = 2 √(1 − cos²).
    let chord = 2 * (1 - cosine * cosine).squareRoot()
    let bound = noise + chord * deviceError
    // The plain squared length is within a few ulps of the square of the scaled length (no square
    // under- or overflows in between): away from the bound it already tells what the exact test
    // would, without the division and root on the way of every step. Near the bound (within 10⁻⁹),
    // or with numbers out of range, the exact test decides.
    let squared = dot(difference, difference)
    let squaredBound = bound * bound
    if squared >= 1e-200, squared <= 1e200, squaredBound >= 1e-200, squaredBound <= 1e200 {
      if squared < squaredBound * (1 - 1e-9) { return true }
      if squared > squaredBound * (1 + 1e-9) { return false }
    }
    return difference.length <= bound
  }
}
