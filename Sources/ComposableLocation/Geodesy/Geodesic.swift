import Foundation

/// Geodesics on an ellipsoid of revolution: distance and bearings between two points.
///
/// The inverse problem is solved the way Karney (2013) frames it: put the points in a
/// canonical position, then find the start azimuth whose geodesic reaches the second latitude
/// at the wanted longitude. That longitude is monotonic in the azimuth, so bisection always
/// converges, including for nearly antipodal points where Vincenty's iteration never does.
/// Arc length and longitude are integrated numerically (Gauss–Legendre), exact to rounding.
public struct Geodesic: Hashable, Sendable {
  /// Equatorial radius, metres.
  public let equatorialRadius: Double
  /// Flattening, (a − b) / a.
  public let flattening: Double

  /// Creates an ellipsoid from its equatorial radius (metres) and flattening.
  public init(equatorialRadius: Double, flattening: Double) {
    self.equatorialRadius = equatorialRadius
    self.flattening = flattening
  }

  /// The WGS-84 ellipsoid used by GPS.
  public static let wgs84 = Geodesic(equatorialRadius: 6_378_137, flattening: 1 / 298.257_223_563)

  /// Solves the inverse problem: the shortest geodesic from `start` to `end`.
  ///
  /// - Throws: ``LocationError/invalidCoordinate(_:)`` when a coordinate is out of range.
  public func inverse(from start: Coordinate, to end: Coordinate) throws(LocationError)
    -> GeodesicSolution
  {
    guard start.isValid else { throw .invalidCoordinate(start) }
    guard end.isValid else { throw .invalidCoordinate(end) }
    let problem = CanonicalProblem(start: start, end: end)
    let f = flattening
    let beta1 = atan2((1 - f) * sin(problem.latitude1), cos(problem.latitude1))
    let beta2 = atan2((1 - f) * sin(problem.latitude2), cos(problem.latitude2))
    let arc: Arc
    if beta1 == 0 && beta2 == 0 {
      arc = equatorialArc(longitude: problem.longitude)
    } else {
      arc = generalArc(beta1: beta1, beta2: beta2, longitude: problem.longitude)
    }
    return problem.solution(
      distance: arcLength(arc),
      alpha1: arc.alpha1,
      alpha2: arc.alpha2
    )
  }

  // MARK: - Arcs on the auxiliary sphere

  /// A geodesic described on the auxiliary sphere: start azimuth, end azimuth, and the
  /// spherical arc σ1…σ1+σ12 measured from the northward equator crossing.
  struct Arc {
    var alpha1: Double
    var alpha2: Double
    var sinAlpha0: Double
    var sigma1: Double
    var sigma12: Double
  }

  private static let quadrature = GaussLegendre(count: 16)

  private var secondEccentricitySquared: Double {
    let f = flattening
    return f * (2 - f) / ((1 - f) * (1 - f))
  }

  /// Arc for a start azimuth `alpha1` in 0…π, with β1 < 0 and |β2| ≤ |β1| (canonical).
  func generalArc(beta1: Double, beta2: Double, alpha1: Double) -> (arc: Arc, longitude: Double) {
    let sinA1 = sin(alpha1)
    let cosA1 = cos(alpha1)
    let cosB1 = cos(beta1)
    let cosB2 = cos(beta2)
    let sinAlpha0 = sinA1 * cosB1
    // cos α2 cos β2 ≥ 0: the geodesic reaches β2 heading north, which is the short way
    // round in the canonical configuration. Written as a product for accuracy when β2 ≈ β1.
    let x2 = (cosA1 * cosB1 * cosA1 * cosB1 + (cosB2 - cosB1) * (cosB2 + cosB1)).squareRoot()
    let sigma1 = atan2(sin(beta1), cosA1 * cosB1)
    let sigma2 = atan2(sin(beta2), x2)
    let omega1 = atan2(sinAlpha0 * sin(beta1), cosA1 * cosB1)
    let omega2 = atan2(sinAlpha0 * sin(beta2), x2)
    let sigma12 = Self.angleBetween(sigma1, sigma2)
    let omega12 = Self.angleBetween(omega1, omega2)
    let arc = Arc(
      alpha1: alpha1,
      alpha2: atan2(sinAlpha0, x2),
      sinAlpha0: sinAlpha0,
      sigma1: sigma1,
      sigma12: sigma12
    )
    return (arc, omega12 - longitudeCorrection(arc))
  }

  private func generalArc(beta1: Double, beta2: Double, longitude: Double) -> Arc {
    var low = 0.0
    var high = Double.pi
    var best = generalArc(beta1: beta1, beta2: beta2, alpha1: longitude == 0 ? 0 : .pi / 2)
    // Bisection halves the bracket each step; 64 steps exhaust double precision, so this
    // terminates for every input, antipodal or not.
    for _ in 0..<64 {
      let mid = (low + high) / 2
      best = generalArc(beta1: beta1, beta2: beta2, alpha1: mid)
      if best.longitude < longitude { low = mid } else { high = mid }
      if high - low < 1e-15 { break }
    }
    return best.arc
  }

  /// Both points on the equator: along it when short enough, otherwise over a pole.
  private func equatorialArc(longitude: Double) -> Arc {
    let f = flattening
    if longitude <= (1 - f) * .pi {
      // Along the equator λ = (1 − f)σ, so the arc on the auxiliary sphere is longer.
      return Arc(
        alpha1: .pi / 2, alpha2: .pi / 2, sinAlpha0: 1, sigma1: 0, sigma12: longitude / (1 - f))
    }
    // Leaving the equator at α1 in 0…π/2, the geodesic meets it again after σ = π having
    // covered ω = π, so λ12 = π − f sin α0 I falls monotonically from π to (1 − f)π.
    var low = 0.0
    var high = Double.pi / 2
    var arc = Arc(alpha1: 0, alpha2: .pi, sinAlpha0: 0, sigma1: 0, sigma12: .pi)
    for _ in 0..<64 {
      let mid = (low + high) / 2
      arc = Arc(alpha1: mid, alpha2: .pi - mid, sinAlpha0: sin(mid), sigma1: 0, sigma12: .pi)
      let lambda = Double.pi - longitudeCorrection(arc)
      if lambda > longitude { low = mid } else { high = mid }
      if high - low < 1e-15 { break }
    }
    return arc
  }

  /// f sin α0 ∫ (2 − f) / (1 + (1 − f)√(1 + k² sin²σ)) dσ: how much less longitude the
  /// ellipsoid covers than the auxiliary sphere.
  private func longitudeCorrection(_ arc: Arc) -> Double {
    let f = flattening
    let cosSqAlpha0 = 1 - arc.sinAlpha0 * arc.sinAlpha0
    let kSq = secondEccentricitySquared * cosSqAlpha0
    let integral = Self.quadrature.integrate(from: arc.sigma1, to: arc.sigma1 + arc.sigma12) {
      sigma in
      let s = sin(sigma)
      return (2 - f) / (1 + (1 - f) * (1 + kSq * s * s).squareRoot())
    }
    return f * arc.sinAlpha0 * integral
  }

  /// b ∫ √(1 + k² sin²σ) dσ over the arc, metres.
  private func arcLength(_ arc: Arc) -> Double {
    let b = equatorialRadius * (1 - flattening)
    let cosSqAlpha0 = 1 - arc.sinAlpha0 * arc.sinAlpha0
    let kSq = secondEccentricitySquared * cosSqAlpha0
    let integral = Self.quadrature.integrate(from: arc.sigma1, to: arc.sigma1 + arc.sigma12) {
      sigma in
      let s = sin(sigma)
      return (1 + kSq * s * s).squareRoot()
    }
    return b * integral
  }

  /// The angle from `a` to `b` in 0…π, clamped at 0 against rounding.
  private static func angleBetween(_ a: Double, _ b: Double) -> Double {
    let s = max(0, cos(a) * sin(b) - sin(a) * cos(b))
    let c = cos(a) * cos(b) + sin(a) * sin(b)
    return atan2(s, c)
  }
}
