#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

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
    // I − M, symmetric: its eigenvalues in closed form (trigonometric, Smith 1961).
    let a00 = 1 - m.r0.x
    let a11 = 1 - m.r1.y
    let a22 = 1 - m.r2.z
    let a01 = -m.r0.y
    let a02 = -m.r0.z
    let a12 = -m.r1.z
    let q = (a00 + a11 + a22) / 3
    let p1 = a01 * a01 + a02 * a02 + a12 * a12
    let p2 = (a00 - q) * (a00 - q) + (a11 - q) * (a11 - q) + (a22 - q) * (a22 - q) + 2 * p1
    guard p2 > 1e-30 else { return SIMD3(repeating: max(0, q)) }
    let p = (p2 / 6).squareRoot()
    let b00 = (a00 - q) / p
    let b11 = (a11 - q) / p
    let b22 = (a22 - q) / p
    let b01 = a01 / p
    let b02 = a02 / p
    let b12 = a12 / p
    let determinant =
      b00 * (b11 * b22 - b12 * b12) - b01 * (b01 * b22 - b12 * b02) + b02 * (b01 * b12 - b11 * b02)
    let phi = acos(max(-1, min(1, determinant / 2))) / 3
    let smallest = q + 2 * p * cos(phi + 2 * Double.pi / 3)
    let largest = q + 2 * p * cos(phi)
    let middle = 3 * q - largest - smallest
    let values = SIMD3(smallest, middle, largest)
    guard values.x.isFinite, values.y.isFinite, values.z.isFinite else { return .zero }
    return SIMD3(max(0, values.x), min(1, max(0, values.y)), min(1, max(0, values.z)))
  }
}
