#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The WMM's spherical-harmonic expansion, with its coefficients already Schmidt semi-normalised
/// and laid out in a triangle (index `n(n+1)/2 + m`).
///
/// The associated Legendre functions are computed in Gauss normalisation by the classic recursion
/// (P(n,n) from P(n-1,n-1); P(n,m) from P(n-1,m) and P(n-2,m)), the normalisation being folded
/// into the coefficients. The east component divides by the cosine of the latitude; at a
/// geographic pole (cosine below 1e-10, as NOAA's `MAG_Summation` tests) it is summed instead
/// from the limit P(n,1)/cos, which stays finite, like NOAA's `MAG_SummationSpecial`.
struct SphericalHarmonicSynthesis: Sendable {
  /// The largest degree of the expansion (12 for the WMM).
  let degree: Int
  /// The geomagnetic reference radius, km (6371.2 for the WMM).
  let referenceRadius: Double
  let g: [Double]
  let h: [Double]
  let gDot: [Double]
  let hDot: [Double]
  /// The recursion's K(n,m) = ((n-1)² - m²) / ((2n-1)(2n-3)).
  let recursion: [Double]

  init(coefficients: [GaussCoefficient], degree: Int, referenceRadius: Double) {
    self.degree = degree
    self.referenceRadius = referenceRadius
    let count = Self.index(degree, degree) + 1
    var schmidt = [Double](repeating: 1, count: count)
    var recursion = [Double](repeating: 0, count: count)
    for n in 1...max(1, degree) {
      schmidt[Self.index(n, 0)] = schmidt[Self.index(n - 1, 0)] * Double(2 * n - 1) / Double(n)
      for m in 1...n {
        let factor = Double((n - m + 1) * (m == 1 ? 2 : 1)) / Double(n + m)
        schmidt[Self.index(n, m)] = schmidt[Self.index(n, m - 1)] * factor.squareRoot()
      }
      for m in 0...n where n >= 2 {
        recursion[Self.index(n, m)] =
          Double((n - 1) * (n - 1) - m * m) / Double((2 * n - 1) * (2 * n - 3))
      }
    }
    var g = [Double](repeating: 0, count: count)
    var h = g
    var gDot = g
    var hDot = g
    for row in coefficients where row.n >= 1 && row.n <= degree && row.m >= 0 && row.m <= row.n {
      let i = Self.index(row.n, row.m)
      g[i] = row.g * schmidt[i]
      h[i] = row.h * schmidt[i]
      gDot[i] = row.gDot * schmidt[i]
      hDot[i] = row.hDot * schmidt[i]
    }
    (self.g, self.h, self.gDot, self.hDot, self.recursion) = (g, h, gDot, hDot, recursion)
  }

  static func index(_ n: Int, _ m: Int) -> Int { n * (n + 1) / 2 + m }

  /// The field and its yearly rate of change in the geocentric north, east, down frame.
  ///
  /// - Parameters:
  ///   - position: where, in geocentric spherical coordinates.
  ///   - longitude: radians east.
  ///   - years: decimal years since the model's epoch.
  func evaluate(
    at position: GeocentricPosition, longitude: Double, years: Double
  ) -> (field: FieldVector, rate: FieldVector) {
    let x = position.sinLatitude
    let s = position.cosLatitude
    let atPole = s < 1e-10
    let count = g.count
    var p = [Double](repeating: 0, count: count)
    var dp = [Double](repeating: 0, count: count)
    var poleP = [Double](repeating: 0, count: degree + 1)
    p[0] = 1
    let cosines = (0...degree).map { cos(Double($0) * longitude) }
    let sines = (0...degree).map { sin(Double($0) * longitude) }
    let ratio = referenceRadius / position.radius
    var power = ratio * ratio
    var field = FieldVector.zero
    var rate = FieldVector.zero
    var poleEast = (field: 0.0, rate: 0.0)
    for n in 1...degree {
      power *= ratio
      for m in 0...n {
        let i = Self.index(n, m)
        Self.legendre(n: n, m: m, x: x, s: s, recursion: recursion[i], p: &p, dp: &dp)
        let (c, sn) = (cosines[m], sines[m])
        let gt = g[i] + years * gDot[i]
        let ht = h[i] + years * hDot[i]
        let terms = (
          field: (even: gt * c + ht * sn, odd: gt * sn - ht * c),
          rate: (even: gDot[i] * c + hDot[i] * sn, odd: gDot[i] * sn - hDot[i] * c)
        )
        field.north += power * terms.field.even * dp[i]
        rate.north += power * terms.rate.even * dp[i]
        field.down -= Double(n + 1) * power * terms.field.even * p[i]
        rate.down -= Double(n + 1) * power * terms.rate.even * p[i]
        field.east += Double(m) * power * terms.field.odd * p[i]
        rate.east += Double(m) * power * terms.rate.odd * p[i]
        if atPole && m == 1 {
          poleP[n] = n == 1 ? 1 : x * poleP[n - 1] - recursion[i] * poleP[n - 2]
          poleEast.field += power * terms.field.odd * poleP[n]
          poleEast.rate += power * terms.rate.odd * poleP[n]
        }
      }
    }
    if atPole {
      (field.east, rate.east) = poleEast
    } else {
      field.east /= s
      rate.east /= s
    }
    return (field, rate)
  }

  /// P(n,m) and its derivative with respect to colatitude, in Gauss normalisation, from the
  /// entries of lower degree already in `p` and `dp`.
  private static func legendre(
    n: Int, m: Int, x: Double, s: Double, recursion k: Double,
    p: inout [Double], dp: inout [Double]
  ) {
    let i = index(n, m)
    if n == m {
      let previous = index(n - 1, m - 1)
      p[i] = s * p[previous]
      dp[i] = s * dp[previous] + x * p[previous]
      return
    }
    let previous = index(n - 1, m)
    let (p2, dp2) = m <= n - 2 ? (p[index(n - 2, m)], dp[index(n - 2, m)]) : (0, 0)
    p[i] = x * p[previous] - k * p2
    dp[i] = x * dp[previous] - s * p[previous] - k * dp2
  }
}
