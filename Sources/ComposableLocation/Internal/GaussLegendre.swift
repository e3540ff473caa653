import Foundation

/// Gauss–Legendre quadrature on an interval.
///
/// The geodesic integrands (arc length and longitude on the auxiliary sphere) are analytic and
/// π-periodic with their nearest complex singularity about 3.2 away from the real axis, so 16
/// nodes already integrate them to double precision over any interval up to π long.
struct GaussLegendre: Sendable {
  let nodes: [Double]
  let weights: [Double]

  /// Computes `count` nodes on −1…1 by Newton's method on the Legendre polynomial.
  init(count: Int) {
    var nodes = [Double](repeating: 0, count: count)
    var weights = [Double](repeating: 0, count: count)
    for i in 0..<count {
      var x = cos(Double.pi * (Double(i) + 0.75) / (Double(count) + 0.5))
      var derivative = 1.0
      // Newton converges quadratically from this start; 100 is a bound, not an expectation.
      for _ in 0..<100 {
        let (value, slope) = Self.legendre(count, at: x)
        derivative = slope
        let step = value / slope
        x -= step
        if abs(step) < 1e-16 { break }
      }
      derivative = Self.legendre(count, at: x).derivative
      nodes[i] = x
      weights[i] = 2 / ((1 - x * x) * derivative * derivative)
    }
    self.nodes = nodes
    self.weights = weights
  }

  /// The integral of `f` from `lower` to `upper`.
  func integrate(from lower: Double, to upper: Double, _ f: (Double) -> Double) -> Double {
    let half = (upper - lower) / 2
    let mid = (upper + lower) / 2
    var sum = 0.0
    for i in nodes.indices {
      sum += weights[i] * f(mid + half * nodes[i])
    }
    return sum * half
  }

  private static func legendre(_ n: Int, at x: Double) -> (value: Double, derivative: Double) {
    var previous = 1.0
    var current = x
    if n == 0 { return (1, 0) }
    for k in stride(from: 2, through: n, by: 1) {
      let next = ((2 * Double(k) - 1) * x * current - (Double(k) - 1) * previous) / Double(k)
      previous = current
      current = next
    }
    let derivative = Double(n) * (x * current - previous) / (x * x - 1)
    return (current, derivative)
  }
}
