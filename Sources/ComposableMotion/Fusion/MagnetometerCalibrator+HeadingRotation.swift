#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// A correction `K` is a rotation times a stretch (`K = Q S`, S symmetric). The stretch is soft iron
// and scale error; the rotation turns the corrected field, and its part about the vertical turns the
// heading by exactly its angle. While the device turns mostly about the vertical, that part is
// unobservable (the fit's Earth's field turns with it and the residual cannot tell), and the least
// squares settles it on whatever small systematic error it meets (vibration, the sensors' lag, an
// uneven field). On BROAD trial 26 every adopted fit carried such a rotation of about −0.8° with a
// hard iron that matched it, and scored 1.3–3.1° when restored from the first row; without the
// rotation, 0.9–1.4° (VQF 1.75°). With ``Parameters/headingRotationSignificance`` above 0, a
// rotation about the vertical smaller than that many standard deviations of the heading is not
// adopted: the rest of the fit is. The default is 2. Its cost: a distorted magnetometer's
// cross-coupling (±0.08) is a real rotation of a few degrees, and removing it while it is still
// uncertain costs the warm starts 0.09° on average (see CalibratingTheMagnetometer).
extension MagnetometerCalibrator {
  /// Removes from a candidate's correction its rotation about the vertical (`rotation.r2`, the
  /// frame's up in device axes) when that rotation is within
  /// ``Parameters/headingRotationSignificance`` standard deviations (`uncertainty`, degrees) of the
  /// fit's heading.
  ///
  /// - Returns: the change in radians of the heading the candidate gives for `raw` (µT) at
  ///   `rotation`, so the fit's heading can follow; 0 when the correction is kept as it is.
  func removeUnsupportedHeadingRotation(
    _ candidate: inout MagnetometerCalibration, uncertainty: Double, raw: SIMD3<Double>,
    rotation: Matrix3
  ) -> Double {
    let significance = parameters.headingRotationSignificance
    guard significance > 0 else { return 0 }
    let k = Matrix3(candidate.softIronCorrection)
    guard let q = k.orthogonalFactor else { return 0 }
    let up = rotation.r2
    let angle = dot(q.rotationVector, up)
    let limit = significance * uncertainty * Double.pi / 180
    // Only where the data pin the rotation down better than the soft-iron prior does: before
    // that, the fit's rotation and its hard iron are one uncertain whole, and taking one part away
    // leaves the other wrong.
    let prior = significance * parameters.softIronSpread
    guard angle.isFinite, angle != 0, limit <= prior, !(abs(angle) > limit) else { return 0 }
    // Only for a correction within the prior's spread of no correction at all (a magnetometer with
    // little soft iron, the stretch the prior expects): a strongly distorted magnetometer's rotation
    // (cross-coupling of several per cent) is part of its distortion, and learned.
    let size = cbrt(dot(k.r0, cross(k.r1, k.r2)))
    guard size > 0, largestMagnitude(k.scaled(1 / size) - .identity) <= prior else { return 0 }
    let adjusted = Matrix3(axis: up, angle: -angle) * k
    let offset = raw - candidate.hardIron
    let before = rotation * (k * offset)
    let after = rotation * (adjusted * offset)
    candidate.softIronCorrection = .init(x: adjusted.r0, y: adjusted.r1, z: adjusted.r2)
    let shift = atan2(after.x, after.y) - atan2(before.x, before.y)
    return shift.isFinite ? wrapAngle(shift) : 0
  }
}

extension Matrix3 {
  /// The rotation `Q` of the polar decomposition `self = Q S` (S symmetric positive definite), by
  /// Newton's iteration `Q ← (Q + Q⁻ᵀ) / 2`; `nil` for a singular or reflecting matrix, or one the
  /// iteration does not settle in 30 steps.
  var orthogonalFactor: Matrix3? {
    var q = self
    for _ in 0..<30 {
      guard let inverse = q.inverse else { return nil }
      let next = (q + inverse.transposed).scaled(0.5)
      let change = next - q
      q = next
      let size = dot(change.r0, change.r0) + dot(change.r1, change.r1) + dot(change.r2, change.r2)
      if size < 1e-24 { return dot(q.r0, cross(q.r1, q.r2)) > 0 ? q : nil }
    }
    return nil
  }

  /// The rotation vector (axis × angle, radians) of a rotation matrix.
  var rotationVector: SIMD3<Double> {
    let v = SIMD3(r2.y - r1.z, r0.z - r2.x, r1.x - r0.y) / 2
    let sine = v.length
    let cosine = (r0.x + r1.y + r2.z - 1) / 2
    guard sine > 0 else { return .zero }
    return v * (atan2(sine, cosine) / sine)
  }

  /// The rotation by `angle` radians about `axis` (right-handed): the matrix of
  /// `Quaternion(axis:angle:)`.
  init(axis: SIMD3<Double>, angle: Double) {
    self.init(rotation: Quaternion(axis: axis, angle: angle))
  }
}
