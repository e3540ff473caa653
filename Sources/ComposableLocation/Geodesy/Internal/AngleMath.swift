#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Angle arithmetic in degrees that keeps the digits radians would lose.
///
/// These are the exact reductions Karney (2013, "Algorithms for geodesics", J. Geodesy 87)
/// relies on: reducing in degrees before converting makes 90°, 180° and the like exact, and
/// the error-free sum keeps longitude differences exact to the last bit.
enum AngleMath {
  static func squared(_ x: Double) -> Double { x * x }

  /// `(y, x)` scaled to unit length.
  static func normalized(_ y: Double, _ x: Double) -> (Double, Double) {
    let r = hypot(y, x)
    return (y / r, x / r)
  }

  /// `u + v` as a rounded sum and the rounding error, so that `sum + error == u + v` exactly.
  static func exactSum(_ u: Double, _ v: Double) -> (sum: Double, error: Double) {
    let s = u + v
    var up = s - v
    var vpp = s - up
    up -= u
    vpp -= v
    return (s, s == 0 ? s : 0 - (up + vpp))
  }

  /// Rounds a tiny angle (degrees) to a multiple of 2⁻⁵⁷ so that values like 1e-200 become 0
  /// instead of reaching the near-singular branches (0.7 pm on the Earth).
  static func rounded(_ x: Double) -> Double {
    let z = 1.0 / 16
    var y = abs(x)
    // Written this way so the subtraction rounds; it must not be simplified to y.
    if y < z { y = z - (z - y) }
    return Double(signOf: x, magnitudeOf: y)
  }

  /// The IEEE remainder of `x` by 360 (−180…180), NaN for infinities.
  static func remainder360(_ x: Double) -> Double {
    x.isFinite ? x.remainder(dividingBy: 360) : .nan
  }

  /// An angle in degrees reduced to −180…180 (keeping the sign of ±180).
  static func normalized(degrees x: Double) -> Double {
    let y = remainder360(x)
    return abs(y) == 180 ? Double(signOf: x, magnitudeOf: 180) : y
  }

  /// `y − x` in degrees reduced to −180…180, with the part lost to rounding.
  static func difference(_ x: Double, _ y: Double) -> (difference: Double, error: Double) {
    var (d, t) = exactSum(remainder360(-x), remainder360(y))
    (d, t) = exactSum(remainder360(d), t)
    if d == 0 || abs(d) == 180 {
      d = Double(signOf: t == 0 ? y - x : -t, magnitudeOf: d)
    }
    return (d, t)
  }

  /// Sine and cosine of `x` degrees, exact at multiples of 90°.
  static func sinCos(degrees x: Double) -> (sin: Double, cos: Double) {
    guard x.isFinite else { return (.nan, .nan) }
    var r = x.truncatingRemainder(dividingBy: 360)
    let q = Int((r / 90).rounded(.toNearestOrEven))
    r -= 90 * Double(q)
    return quadrant(q, radians: r * .pi / 180, sign: x)
  }

  /// Sine and cosine of `x + t` degrees, `x` in −180…180 and `t` a small correction.
  static func sinCos(degrees x: Double, plus t: Double) -> (sin: Double, cos: Double) {
    let q = x.isFinite ? Int((x / 90).rounded(.toNearestOrEven)) : 0
    let r = x - 90 * Double(q)
    return quadrant(q, radians: rounded(r + t) * .pi / 180, sign: x)
  }

  private static func quadrant(_ q: Int, radians r: Double, sign x: Double) -> (
    sin: Double, cos: Double
  ) {
    let s = sin(r)
    let c = cos(r)
    var result: (sin: Double, cos: Double)
    switch q & 3 {
    case 1: result = (c, -s)
    case 2: result = (-s, -c)
    case 3: result = (-c, s)
    default: result = (s, c)
    }
    result.cos += 0
    if result.sin == 0 { result.sin = Double(signOf: x, magnitudeOf: result.sin) }
    return result
  }

  /// `atan2(y, x)` in degrees, −180…180, exact at multiples of 45°.
  static func atan2Degrees(_ y: Double, _ x: Double) -> Double {
    var (y, x) = (y, x)
    var q = 0
    if abs(y) > abs(x) {
      q = 2
      swap(&x, &y)
    }
    if x < 0 {
      q += 1
      x = -x
    }
    var angle = atan2(y, x) * 180 / .pi
    switch q {
    case 1: angle = Double(signOf: y, magnitudeOf: 180) - angle
    case 2: angle = 90 - angle
    case 3: angle = -90 + angle
    default: break
    }
    return angle
  }
}
