/// The series of Karney (2013), "Algorithms for geodesics", J. Geodesy 87, 43–55, §3 and
/// §6, expanded to sixth order in ε (the order GeographicLib uses for doubles).
///
/// The coefficients are the published expansions (eqs. 17, 18, 24, 42, 43 and the A3/C3
/// tables); GeographicLib (MIT licence, © Charles Karney) prints the same rational numbers.
/// Each coefficient array lists, for every term, the numerator polynomial (highest power
/// first) followed by its denominator.
enum GeodesicSeries {
  /// The order of every expansion.
  static let order = 6

  /// A polynomial of degree `degree` with coefficients `p[start...]`, highest first, at `x`.
  @inline(__always)
  static func polynomial(_ degree: Int, _ p: [Double], _ start: Int, _ x: Double) -> Double {
    var y = degree < 0 ? 0 : p[start]
    var index = start
    var remaining = degree
    while remaining > 0 {
      remaining -= 1
      index += 1
      y = y * x + p[index]
    }
    return y
  }

  /// Σ c[k] sin(2kx) for k in 1..<count (`sine`) or Σ c[k] cos((2k+1)x) for k in 0..<count,
  /// by Clenshaw summation from sin x and cos x.
  static func clenshaw(sine: Bool, _ sinx: Double, _ cosx: Double, _ c: [Double]) -> Double {
    var k = c.count
    var n = k - (sine ? 1 : 0)
    let ar = 2 * (cosx - sinx) * (cosx + sinx)
    var y0 = 0.0
    var y1 = 0.0
    if n & 1 == 1 {
      k -= 1
      y0 = c[k]
    }
    n /= 2
    while n > 0 {
      n -= 1
      k -= 1
      y1 = ar * y0 - y1 + c[k]
      k -= 1
      y0 = ar * y1 - y0 + c[k]
    }
    return sine ? 2 * sinx * cosx * y0 : cosx * (y0 - y1)
  }

  /// Evaluates the terms of an even/odd series in ε into `c[1...order]`.
  private static func terms(_ coefficients: [Double], _ eps: Double, into c: inout [Double]) {
    let eps2 = eps * eps
    var d = eps
    var o = 0
    for l in 1...order {
      let m = (order - l) / 2
      c[l] = d * polynomial(m, coefficients, o, eps2) / coefficients[o + m + 1]
      o += m + 2
      d *= eps
    }
  }

  private static let a1Coefficients: [Double] = [1, 4, 64, 0, 256]
  private static let c1Coefficients: [Double] = [
    -1, 6, -16, 32, -9, 64, -128, 2048, 9, -16, 768, 3, -5, 512, -7, 1280, -7, 2048,
  ]
  private static let c1pCoefficients: [Double] = [
    205, -432, 768, 1536, 4005, -4736, 3840, 12288, -225, 116, 384, -7173, 2695, 7680, 3467,
    7680, 38081, 61440,
  ]
  private static let a2Coefficients: [Double] = [-11, -28, -192, 0, 256]
  private static let c2Coefficients: [Double] = [
    1, 2, 16, 32, 35, 64, 384, 2048, 15, 80, 768, 7, 35, 512, 63, 1280, 77, 2048,
  ]

  /// A1 − 1 (eq. 17): the scale from arc length on the auxiliary sphere to distance.
  static func a1m1(_ eps: Double) -> Double {
    let m = order / 2
    let t = polynomial(m, a1Coefficients, 0, eps * eps) / a1Coefficients[m + 1]
    return (t + eps) / (1 - eps)
  }

  /// C1 (eq. 18), into `c[1...6]`.
  static func c1(_ eps: Double, into c: inout [Double]) { terms(c1Coefficients, eps, into: &c) }

  /// C1′ (eq. 21), the reversion of C1, into `c[1...6]`.
  static func c1p(_ eps: Double, into c: inout [Double]) { terms(c1pCoefficients, eps, into: &c) }

  /// A2 − 1 (eq. 42), for the reduced length.
  static func a2m1(_ eps: Double) -> Double {
    let m = order / 2
    let t = polynomial(m, a2Coefficients, 0, eps * eps) / a2Coefficients[m + 1]
    return (t - eps) / (1 + eps)
  }

  /// C2 (eq. 43), into `c[1...6]`.
  static func c2(_ eps: Double, into c: inout [Double]) { terms(c2Coefficients, eps, into: &c) }

  private static let a3Coefficients: [Double] = [
    -3, 128, -2, -3, 64, -1, -3, -1, 16, 3, -1, -2, 8, 1, -1, 2, 1, 1,
  ]
  private static let c3Coefficients: [Double] = [
    3, 128, 2, 5, 128, -1, 3, 3, 64, -1, 0, 1, 8, -1, 1, 4, 5, 256, 1, 3, 128, -3, -2, 3, 64, 1,
    -3, 2, 32, 7, 512, -10, 9, 384, 5, -9, 5, 192, 7, 512, -14, 7, 512, 21, 2560,
  ]

  /// The A3 polynomial in ε for an ellipsoid with third flattening `n` (eq. 24).
  static func a3Polynomial(n: Double) -> [Double] {
    var result: [Double] = []
    var o = 0
    for j in stride(from: order - 1, through: 0, by: -1) {
      let m = min(order - j - 1, j)
      result.append(polynomial(m, a3Coefficients, o, n) / a3Coefficients[o + m + 1])
      o += m + 2
    }
    return result
  }

  /// The C3 polynomials in ε for an ellipsoid with third flattening `n` (eq. 25).
  static func c3Polynomials(n: Double) -> [Double] {
    var result: [Double] = []
    var o = 0
    for l in 1..<order {
      for j in stride(from: order - 1, through: l, by: -1) {
        let m = min(order - j - 1, j)
        result.append(polynomial(m, c3Coefficients, o, n) / c3Coefficients[o + m + 1])
        o += m + 2
      }
    }
    return result
  }
}
