extension Quaternion {
  /// The smallest rotation (about a horizontal axis) that turns the unit vector `up` to +z; a half turn
  /// about x when `up` points straight down.
  @inline(__always)
  static func leveling(_ up: SIMD3<Double>) -> Quaternion {
    let w = ((up.z + 1) / 2).squareRoot()
    return w > 1e-6
      ? Quaternion(w: w, x: 0.5 * up.y / w, y: -0.5 * up.x / w, z: 0)
      : Quaternion(w: 0, x: 1, y: 0, z: 0)
  }
}
