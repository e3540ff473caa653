extension Quaternion {
  /// Pulls a quaternion that is a product of unit quaternions back to unit norm with one Newton step of
  /// 1/√n² around 1: the error after a product is ~1e-16, so this is exact to rounding while avoiding a
  /// square root and a division on every sample. Use `normalized` for anything not already near unit.
  @inlinable @inline(__always)
  var renormalized: Quaternion {
    let scale = (3 - (w * w + x * x + y * y + z * z)) / 2
    return Quaternion(w: w * scale, x: x * scale, y: y * scale, z: z * scale)
  }
}
