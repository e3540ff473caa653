#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension Quaternion {
  /// The exact rotation by the angular rate `rate` (rad/s) held for `interval` s: angle |rate|·interval
  /// about `rate`. With h = |rate|·interval/2 it is (cos h, rate · interval/2 · sin(h)/h); series for
  /// small h avoid dividing by |rate| and two libm calls. Shared by the causal filter and the offline
  /// smoother.
  @inline(__always)
  static func strapdownStep(_ rate: SIMD3<Double>, interval: Double) -> Quaternion {
    let halfInterval = interval / 2
    let h2 = dot(rate, rate) * halfInterval * halfInterval
    let c: Double
    let sinc: Double
    if h2 < 0.0025 {
      // The four divisions by constants as two packed ones (each lane is the same IEEE division, so the
      // same bits as dividing one by one), halving the divider's work.
      let q = SIMD4(repeating: h2) / SIMD4(12, 30, 20, 42)
      c = 1 - h2 / 2 * (1 - q[0] * (1 - q[1]))
      sinc = 1 - h2 / 6 * (1 - q[2] * (1 - q[3]))
    } else {
      let h = h2.squareRoot()
      c = cos(h)
      sinc = sin(h) / h
    }
    let v = rate * (halfInterval * sinc)
    return Quaternion(w: c, x: v.x, y: v.y, z: v.z)
  }
}
