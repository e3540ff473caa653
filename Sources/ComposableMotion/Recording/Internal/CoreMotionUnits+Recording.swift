extension CoreMotionUnits {
  /// The specific force in m/s² (the kernel's sign, as recordings store it) that
  /// ``scan(acceleration:angularVelocity:magneticField:magneticFieldInMicrotesla:timestamp:)``
  /// turns back into exactly `acceleration` (g, Core Motion's sign), bit for bit.
  ///
  /// Multiplying back (`−g × 9.80665`) can land one or two units in the last place away from the
  /// value the device gave, and dividing that again would then differ in the last bit. The
  /// product and its neighbours within four units in the last place are tried, and of those
  /// that convert back exactly the shortest decimal is kept (the closest on a tie), so the
  /// replayed value is the captured one; a value no conversion produced (made by hand) keeps
  /// the plain product.
  static func specificForce(fromG acceleration: SIMD3<Double>) -> SIMD3<Double> {
    var force = SIMD3<Double>()
    for axis in 0..<3 { force[axis] = specificForce(fromG: acceleration[axis]) }
    return force
  }

  private static func specificForce(fromG value: Double) -> Double {
    let product = -value * standardGravity
    guard product.isFinite else { return product }
    // Of the values that convert back exactly, the one with the shortest decimal: usually the
    // very value the kernel reported (0.109603403, not 0.10960340299999999).
    var best: (value: Double, length: Int)?
    var below = product
    var above = product
    for step in 0...4 {
      let candidates = step == 0 ? [product] : [below, above]
      for candidate in candidates where -candidate / standardGravity == value {
        let length = candidate.description.utf8.count
        if best == nil || length < best?.length ?? .max { best = (candidate, length) }
      }
      below = below.nextDown
      above = above.nextUp
    }
    return best?.value ?? product
  }
}
