#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The orientation of the device relative to an ``AttitudeReferenceFrame``, like Core Motion's `CMAttitude`.
///
/// The ``quaternion`` rotates vectors from device coordinates into reference-frame coordinates. When the
/// device's axes coincide with the frame's axes the attitude is the identity and roll, pitch and yaw are zero.
public struct Attitude: Sendable, Hashable, Codable {
  /// A 3×3 rotation matrix, row-major: `m11…m13` is the first row.
  public struct RotationMatrix: Sendable, Hashable, Codable {
    /// Row 1, column 1.
    public var m11: Double
    /// Row 1, column 2.
    public var m12: Double
    /// Row 1, column 3.
    public var m13: Double
    /// Row 2, column 1.
    public var m21: Double
    /// Row 2, column 2.
    public var m22: Double
    /// Row 2, column 3.
    public var m23: Double
    /// Row 3, column 1.
    public var m31: Double
    /// Row 3, column 2.
    public var m32: Double
    /// Row 3, column 3.
    public var m33: Double
  }

  /// The unit quaternion that rotates device coordinates into reference-frame coordinates.
  public var quaternion: Quaternion

  /// Creates an attitude from a quaternion (normalized for you) that rotates device coordinates into
  /// reference-frame coordinates.
  public init(quaternion: Quaternion) {
    self.quaternion = quaternion.normalized
  }

  /// The attitude as Core Motion's `CMAttitude.rotationMatrix` gives it: the matrix `M` with
  /// `v_device = M · v_reference`, the transpose of the rotation ``quaternion`` performs. Its rows
  /// are the device's x, y and z axes in reference-frame coordinates, and its third column
  /// `(m13, m23, m33)` is the reference's up direction seen from the device, so
  /// ``DeviceMotion/gravity`` is `−(m13, m23, m33)` (in g).
  ///
  /// composable-core-motion's `Attitude.rotationMatrix` computes the transpose of this (its issue 2
  /// compares both on an iPhone); this follows Core Motion, so code ported from an app gets the
  /// numbers the app saw.
  ///
  /// Worked example: a quarter turn counter-clockwise about the vertical (yaw +90°) gives
  /// `m12 = 1, m21 = −1, m33 = 1` (all others 0): the first row, the device's x axis, lies along
  /// the frame's y axis.
  public var rotationMatrix: RotationMatrix {
    let q = quaternion
    let (w, x, y, z) = (q.w, q.x, q.y, q.z)
    return RotationMatrix(
      m11: 1 - 2 * (y * y + z * z), m12: 2 * (x * y + w * z), m13: 2 * (x * z - w * y),
      m21: 2 * (x * y - w * z), m22: 1 - 2 * (x * x + z * z), m23: 2 * (y * z + w * x),
      m31: 2 * (x * z + w * y), m32: 2 * (y * z - w * x), m33: 1 - 2 * (x * x + y * y)
    )
  }

  // Euler angles exactly as composable-core-motion's `Attitude` computes them from the quaternion:
  // M = Rz(yaw) · Ry(pitch) · Rx(roll), so pitch is the angle limited to ±π/2.

  /// The rotation about the x axis, in radians (−π…π): `atan2(2(wx + yz), 1 − 2(x² + y²))`.
  public var roll: Double {
    let q = quaternion
    return atan2(2 * (q.w * q.x + q.y * q.z), 1 - 2 * (q.x * q.x + q.y * q.y))
  }

  /// The rotation about the y axis, in radians (−π/2…π/2): `asin(2(wy − zx))`, clamped at ±π/2.
  public var pitch: Double {
    let q = quaternion
    let p = 2 * (q.w * q.y - q.z * q.x)
    return p > 1 ? Double.pi / 2 : (p < -1 ? -Double.pi / 2 : asin(p))
  }

  /// The rotation about the vertical z axis, in radians (−π…π), positive counter-clockwise seen from
  /// above: `atan2(2(wz + xy), 1 − 2(y² + z²))`.
  public var yaw: Double {
    let q = quaternion
    return atan2(2 * (q.w * q.z + q.x * q.y), 1 - 2 * (q.y * q.y + q.z * q.z))
  }

  /// Makes this attitude relative to `reference`, as `CMAttitude.multiply(byInverseOf:)` does: the quaternion
  /// becomes `self · reference⁻¹` (Hamilton product), the rotation that takes the reference attitude to this
  /// one, expressed in the reference frame's axes. Use it to measure motion since a starting attitude: a
  /// device turned 30° counter-clockwise about the vertical since `reference` then has a yaw of +30°.
  public mutating func multiply(byInverseOf reference: Attitude) {
    quaternion = (quaternion * reference.quaternion.conjugate).normalized
  }

  /// This attitude relative to `reference` as a new value: `self · reference⁻¹`, like composable-core-motion's
  /// non-mutating `multiply(byInverseOf:)`. See ``multiply(byInverseOf:)``.
  public func multiplied(byInverseOf reference: Attitude) -> Attitude {
    var copy = self
    copy.multiply(byInverseOf: reference)
    return copy
  }
}
