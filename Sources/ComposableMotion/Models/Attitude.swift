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

  /// The same rotation as ``quaternion`` as a matrix `M` with `v_reference = M · v_device`.
  public var rotationMatrix: RotationMatrix {
    let q = quaternion
    let (w, x, y, z) = (q.w, q.x, q.y, q.z)
    return RotationMatrix(
      m11: 1 - 2 * (y * y + z * z), m12: 2 * (x * y - w * z), m13: 2 * (x * z + w * y),
      m21: 2 * (x * y + w * z), m22: 1 - 2 * (x * x + z * z), m23: 2 * (y * z - w * x),
      m31: 2 * (x * z - w * y), m32: 2 * (y * z + w * x), m33: 1 - 2 * (x * x + y * y)
    )
  }

  // Core Motion's Euler angles: yaw about z, then pitch about the new x, then roll about the new y
  // (M = Rz(yaw) · Rx(pitch) · Ry(roll)), so pitch is the only angle limited to ±π/2.

  /// The rotation about the device's y axis, in radians (−π…π).
  public var roll: Double {
    let m = rotationMatrix
    return atan2(-m.m31, m.m33)
  }

  /// The rotation about the device's x axis, in radians (−π/2…π/2): positive when the top edge tilts up.
  public var pitch: Double {
    asin(max(-1, min(1, rotationMatrix.m32)))
  }

  /// The rotation about the vertical axis, in radians (−π…π): positive counter-clockwise seen from above.
  public var yaw: Double {
    let m = rotationMatrix
    return atan2(-m.m12, m.m22)
  }

  /// Makes this attitude relative to `reference`: afterwards it is the rotation from this device attitude
  /// into the device axes at `reference`, as `CMAttitude.multiply(byInverseOf:)` does. Use it to measure
  /// motion since a starting attitude.
  public mutating func multiply(byInverseOf reference: Attitude) {
    quaternion = (reference.quaternion.conjugate * quaternion).normalized
  }
}
