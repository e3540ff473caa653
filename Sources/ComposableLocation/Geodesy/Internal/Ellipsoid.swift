#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An ellipsoid of revolution with the constants Karney's geodesic algorithms need, computed
/// once (internal engine of ``Geodesic``).
struct Ellipsoid: Sendable {
  /// Equatorial radius, metres.
  let a: Double
  /// Flattening.
  let f: Double
  /// 1 − f.
  let f1: Double
  /// First eccentricity squared.
  let e2: Double
  /// Second eccentricity squared.
  let ep2: Double
  /// Third flattening, f / (2 − f).
  let n: Double
  /// Polar semi-axis, metres.
  let b: Double
  /// Below this, a short line is solved directly without Newton's method.
  let etol2: Double
  private let a3x: [Double]
  private let c3x: [Double]

  static let tiny = Double.leastNormalMagnitude.squareRoot()
  static let tol0 = Double.ulpOfOne
  static let tol1 = 200 * tol0
  static let tol2 = tol0.squareRoot()
  static let tolb = tol0
  static let xthresh = 1000 * tol2
  /// Newton steps before falling back to bisection, and the bound on all steps.
  static let maxit1 = 20
  static let maxit2 = maxit1 + Double.significandBitCount + 1 + 10

  init(a: Double, f: Double) {
    self.a = a
    self.f = f
    f1 = 1 - f
    e2 = f * (2 - f)
    ep2 = e2 / (f1 * f1)
    n = f / (2 - f)
    b = a * f1
    etol2 = 0.1 * Self.tol2 / (max(0.001, abs(f)) * min(1.0, 1 - f / 2) / 2).squareRoot()
    a3x = GeodesicSeries.a3Polynomial(n: n)
    c3x = GeodesicSeries.c3Polynomials(n: n)
  }

  /// A3 (eq. 24): scales the longitude correction.
  func a3(_ eps: Double) -> Double {
    GeodesicSeries.polynomial(GeodesicSeries.order - 1, a3x, 0, eps)
  }

  /// C3 (eq. 25), into `c[1..<6]`.
  func c3(_ eps: Double, into c: inout [Double]) {
    var mult = 1.0
    var o = 0
    for l in 1..<GeodesicSeries.order {
      let m = GeodesicSeries.order - l - 1
      mult *= eps
      c[l] = mult * GeodesicSeries.polynomial(m, c3x, o, eps)
      o += m + 1
    }
  }

  /// ε from k² (eq. 16), small so the series converge fast.
  static func epsilon(kSquared k2: Double) -> Double {
    k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
  }

  /// Distance and reduced length on the unit auxiliary sphere between σ1 and σ2
  /// (eqs. 38–40); `reduced` also computes the reduced length m12/b and m0.
  func lengths(
    eps: Double, sig12: Double,
    ssig1: Double, csig1: Double, dn1: Double,
    ssig2: Double, csig2: Double, dn2: Double,
    distance: Bool, reduced: Bool
  ) -> (s12b: Double, m12b: Double, m0: Double) {
    var c1a = [Double](repeating: 0, count: GeodesicSeries.order + 1)
    var c2a = [Double](repeating: 0, count: GeodesicSeries.order + 1)
    var a1 = GeodesicSeries.a1m1(eps)
    GeodesicSeries.c1(eps, into: &c1a)
    var a2 = 0.0
    var m0x = 0.0
    if reduced {
      a2 = GeodesicSeries.a2m1(eps)
      GeodesicSeries.c2(eps, into: &c2a)
      m0x = a1 - a2
      a2 += 1
    }
    a1 += 1
    var s12b = Double.nan
    var j12 = Double.nan
    if distance {
      let b1 =
        GeodesicSeries.clenshaw(sine: true, ssig2, csig2, c1a)
        - GeodesicSeries.clenshaw(sine: true, ssig1, csig1, c1a)
      s12b = a1 * (sig12 + b1)
      if reduced {
        let b2 =
          GeodesicSeries.clenshaw(sine: true, ssig2, csig2, c2a)
          - GeodesicSeries.clenshaw(sine: true, ssig1, csig1, c2a)
        j12 = m0x * sig12 + (a1 * b1 - a2 * b2)
      }
    } else if reduced {
      for l in 1...GeodesicSeries.order { c2a[l] = a1 * c1a[l] - a2 * c2a[l] }
      j12 =
        m0x * sig12
        + (GeodesicSeries.clenshaw(sine: true, ssig2, csig2, c2a)
          - GeodesicSeries.clenshaw(sine: true, ssig1, csig1, c2a))
    }
    var m12b = Double.nan
    var m0 = Double.nan
    if reduced {
      m0 = m0x
      m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
    }
    return (s12b, m12b, m0)
  }

  /// Solves the astroid equation k⁴ + 2k³ − (x² + y² − 1)k² − 2y²k − y² = 0 for its positive
  /// root (eq. 55), which starts Newton's method for nearly antipodal points.
  static func astroid(_ x: Double, _ y: Double) -> Double {
    let p = x * x
    let q = y * y
    let r = (p + q - 1) / 6
    guard !(q == 0 && r <= 0) else { return 0 }
    let s = p * q / 4
    let r2 = r * r
    let r3 = r * r2
    let disc = s * (s + 2 * r3)
    var u = r
    if disc >= 0 {
      var t3 = s + r3
      t3 += t3 < 0 ? -disc.squareRoot() : disc.squareRoot()
      let t = cbrt(t3)
      u += t + (t != 0 ? r2 / t : 0)
    } else {
      let angle = atan2((-disc).squareRoot(), -(s + r3))
      u += 2 * r * cos(angle / 3)
    }
    let v = (u * u + q).squareRoot()
    let uv = u < 0 ? q / (v - u) : u + v
    let w = (uv - q) / (2 * v)
    return uv / ((uv + w * w).squareRoot() + w)
  }
}
