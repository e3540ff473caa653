#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A unit quaternion describing a rotation, stored as scalar part `w` and vector part `(x, y, z)`.
///
/// The library uses quaternions that rotate vectors from a sensor (device) frame into a reference frame:
/// `v_reference = q.rotate(v_device)`. Composition follows the Hamilton convention, so `a * b` applies `b` first.
public struct Quaternion: Sendable, Hashable, Codable {
  /// The scalar part.
  public var w: Double
  /// The x component of the vector part.
  public var x: Double
  /// The y component of the vector part.
  public var y: Double
  /// The z component of the vector part.
  public var z: Double

  /// Creates a quaternion from its four components (not normalized for you).
  @inlinable
  public init(w: Double, x: Double, y: Double, z: Double) {
    self.w = w
    self.x = x
    self.y = y
    self.z = z
  }

  /// The rotation by `angle` radians about `axis` (right-handed). A zero axis gives the identity.
  public init(axis: SIMD3<Double>, angle: Double) {
    let length = (axis * axis).sum().squareRoot()
    guard length > 0 else {
      self = .identity
      return
    }
    let s = sin(angle / 2) / length
    self.init(w: cos(angle / 2), x: axis.x * s, y: axis.y * s, z: axis.z * s)
  }

  /// The identity rotation.
  public static let identity = Quaternion(w: 1, x: 0, y: 0, z: 0)

  /// The Hamilton product: the rotation `rhs` followed by the rotation `lhs`.
  @inlinable @inline(__always)
  public static func * (lhs: Quaternion, rhs: Quaternion) -> Quaternion {
    Quaternion(
      w: lhs.w * rhs.w - lhs.x * rhs.x - lhs.y * rhs.y - lhs.z * rhs.z,
      x: lhs.w * rhs.x + lhs.x * rhs.w + lhs.y * rhs.z - lhs.z * rhs.y,
      y: lhs.w * rhs.y - lhs.x * rhs.z + lhs.y * rhs.w + lhs.z * rhs.x,
      z: lhs.w * rhs.z + lhs.x * rhs.y - lhs.y * rhs.x + lhs.z * rhs.w
    )
  }

  /// The conjugate, which is the inverse rotation for a unit quaternion.
  @inlinable @inline(__always)
  public var conjugate: Quaternion { Quaternion(w: w, x: -x, y: -y, z: -z) }

  /// The Euclidean norm of the four components (1 for a rotation).
  @inlinable @inline(__always)
  public var norm: Double { (w * w + x * x + y * y + z * z).squareRoot() }

  /// This quaternion scaled to unit norm; the identity if the norm is zero or not finite.
  @inlinable @inline(__always)
  public var normalized: Quaternion {
    let n = norm
    guard n > 0, n.isFinite else { return .identity }
    let s = 1 / n
    return Quaternion(w: w * s, x: x * s, y: y * s, z: z * s)
  }

  /// Rotates a vector by this (unit) quaternion: `q · v · q*`.
  @inlinable @inline(__always)
  public func rotate(_ v: SIMD3<Double>) -> SIMD3<Double> {
    // Expanded form of q·v·q* (fewer multiplications than two Hamilton products).
    let u = SIMD3(x, y, z)
    let t = 2 * Quaternion.cross(u, v)
    return v + w * t + Quaternion.cross(u, t)
  }

  /// The smallest angle in radians (0…π) of the rotation that takes `self` to `other`.
  public func angle(to other: Quaternion) -> Double {
    let d = abs(w * other.w + x * other.x + y * other.y + z * other.z) / (norm * other.norm)
    return 2 * acos(Swift.min(d, 1))
  }

  @inlinable @inline(__always)
  static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
  }
}
