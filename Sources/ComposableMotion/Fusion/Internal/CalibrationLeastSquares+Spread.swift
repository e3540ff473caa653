// How far the orientations the least squares holds are spread: which parts of a device-fixed error
// (an offset the calibration leaves) they have turned through the frame, and so could show.
extension CalibrationLeastSquares {
  /// The eigenvalues of I − R̄ᵀR̄ (R̄ the weighted mean rotation), smallest first, each 0…1. A device-
  /// fixed error δ seen in the orientations so far spreads in the frame by about √(δᵀ(I − R̄ᵀR̄)δ):
  /// along an eigenvector whose eigenvalue is 0 it never moved, so no residual could show it.
  /// Turning about one axis gives (0, s, s) with s near 1 after a good part of a turn; a few degrees
  /// of wobble about every axis give values of the order of the squared angle (0.01 for 6°).
  var rotationSpread: SIMD3<Double> {
    guard sumWeight > 0 else { return .zero }
    let mean = sumR.scaled(1 / sumWeight)
    let m = mean.transposed * mean
    // I − M, symmetric: its eigenvalues in closed form.
    let values = (Matrix3.identity - m).symmetricEigenvalues
    guard values.x.isFinite, values.y.isFinite, values.z.isFinite else { return .zero }
    return SIMD3(max(0, values.x), min(1, max(0, values.y)), min(1, max(0, values.z)))
  }
}
