#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension Matrix3 {
  /// The eigenvalues of a symmetric matrix (only the upper triangle is read), smallest first, in
  /// closed form (trigonometric, Smith 1961); `q` three times when the matrix is a multiple of the
  /// identity. Non-finite for a non-finite matrix.
  var symmetricEigenvalues: SIMD3<Double> {
    let a00 = r0.x
    let a11 = r1.y
    let a22 = r2.z
    let a01 = r0.y
    let a02 = r0.z
    let a12 = r1.z
    let q = (a00 + a11 + a22) / 3
    let p1 = a01 * a01 + a02 * a02 + a12 * a12
    let p2 = (a00 - q) * (a00 - q) + (a11 - q) * (a11 - q) + (a22 - q) * (a22 - q) + 2 * p1
    guard p2 > 1e-30 else { return SIMD3(repeating: q) }
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
    return SIMD3(smallest, 3 * q - largest - smallest, largest)
  }

  /// The smallest and largest eigenvalues of a symmetric matrix: ``symmetricEigenvalues``' ends.
  var symmetricEigenvalueRange: (smallest: Double, largest: Double) {
    let values = symmetricEigenvalues
    return (values.x, values.z)
  }

  /// How much more the matrix stretches its most stretched direction than its least (the ratio of
  /// its largest to its smallest singular value, ≥ 1); infinite for a singular matrix.
  var anisotropy: Double {
    let (smallest, largest) = timesTransposed(self).symmetricEigenvalueRange
    guard smallest > 0, largest.isFinite else { return .infinity }
    return (largest / smallest).squareRoot()
  }
}
