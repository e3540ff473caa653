/// A 3×3 matrix of doubles stored by rows, for the gyroscope-bias Kalman filter.
struct Matrix3: Sendable {
  var r0: SIMD3<Double>
  var r1: SIMD3<Double>
  var r2: SIMD3<Double>

  static let identity = Matrix3(r0: SIMD3(1, 0, 0), r1: SIMD3(0, 1, 0), r2: SIMD3(0, 0, 1))

  @inline(__always)
  static func diagonal(_ d: SIMD3<Double>) -> Matrix3 {
    Matrix3(r0: SIMD3(d.x, 0, 0), r1: SIMD3(0, d.y, 0), r2: SIMD3(0, 0, d.z))
  }

  /// The rotation matrix of a unit quaternion (v' = M v).
  @inline(__always)
  init(rotation q: Quaternion) {
    let (w, x, y, z) = (q.w, q.x, q.y, q.z)
    r0 = SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y))
    r1 = SIMD3(2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x))
    r2 = SIMD3(2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y))
  }

  init(r0: SIMD3<Double>, r1: SIMD3<Double>, r2: SIMD3<Double>) {
    self.r0 = r0
    self.r1 = r1
    self.r2 = r2
  }

  @inline(__always)
  var transposed: Matrix3 {
    Matrix3(
      r0: SIMD3(r0.x, r1.x, r2.x), r1: SIMD3(r0.y, r1.y, r2.y), r2: SIMD3(r0.z, r1.z, r2.z))
  }

  var diagonal: SIMD3<Double> { SIMD3(r0.x, r1.y, r2.z) }

  @inline(__always)
  static func * (m: Matrix3, v: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(dot(m.r0, v), dot(m.r1, v), dot(m.r2, v))
  }

  @inline(__always)
  static func * (a: Matrix3, b: Matrix3) -> Matrix3 {
    Matrix3(
      r0: a.r0.x * b.r0 + a.r0.y * b.r1 + a.r0.z * b.r2,
      r1: a.r1.x * b.r0 + a.r1.y * b.r1 + a.r1.z * b.r2,
      r2: a.r2.x * b.r0 + a.r2.y * b.r1 + a.r2.z * b.r2)
  }

  /// `self · otherᵀ`, without building the transpose.
  @inline(__always)
  func timesTransposed(_ other: Matrix3) -> Matrix3 {
    Matrix3(
      r0: SIMD3(dot(r0, other.r0), dot(r0, other.r1), dot(r0, other.r2)),
      r1: SIMD3(dot(r1, other.r0), dot(r1, other.r1), dot(r1, other.r2)),
      r2: SIMD3(dot(r2, other.r0), dot(r2, other.r1), dot(r2, other.r2)))
  }

  @inline(__always)
  static func + (a: Matrix3, b: Matrix3) -> Matrix3 {
    Matrix3(r0: a.r0 + b.r0, r1: a.r1 + b.r1, r2: a.r2 + b.r2)
  }
  @inline(__always)
  static func - (a: Matrix3, b: Matrix3) -> Matrix3 {
    Matrix3(r0: a.r0 - b.r0, r1: a.r1 - b.r1, r2: a.r2 - b.r2)
  }

  /// The inverse by the adjugate, or nil when the matrix is singular.
  @inline(__always)
  var inverse: Matrix3? {
    let c0 = cross(r1, r2)
    let c1 = cross(r2, r0)
    let c2 = cross(r0, r1)
    let determinant = (r0 * c0).sum()
    guard determinant != 0, determinant.isFinite else { return nil }
    return Matrix3(r0: c0, r1: c1, r2: c2).transposed.scaled(1 / determinant)
  }

  @inline(__always)
  func scaled(_ s: Double) -> Matrix3 { Matrix3(r0: r0 * s, r1: r1 * s, r2: r2 * s) }
}

@inline(__always)
func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
  SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

@inline(__always)
func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { a.x * b.x + a.y * b.y + a.z * b.z }
