extension SIMD3<Double> {
  /// The unit vector along this one, or nil for a zero or non-finite vector.
  ///
  /// Scales by the largest component before taking the length, so vectors whose squared length
  /// underflows (components near 1e-160) or overflows (near 1e160) still give an exact unit
  /// vector: dividing by a length computed from subnormal squares would not.
  @inline(__always)
  var unitDirection: SIMD3<Double>? {
    let scale = Swift.max(Swift.abs(x), Swift.abs(y), Swift.abs(z))
    guard scale > 0, scale.isFinite else { return nil }
    let scaled = self / scale
    return scaled / (scaled * scaled).sum().squareRoot()
  }

  /// The Euclidean length, scaled by the largest component first so that no square overflows.
  @inline(__always)
  var length: Double {
    let scale = Swift.max(Swift.abs(x), Swift.abs(y), Swift.abs(z))
    guard scale > 0, scale.isFinite else { return scale }
    let scaled = self / scale
    return scale * (scaled * scaled).sum().squareRoot()
  }
}
