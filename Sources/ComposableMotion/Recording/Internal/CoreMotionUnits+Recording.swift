extension CoreMotionUnits {
  /// The specific force in m/s² (the kernel's sign, as recordings store it) that
  /// ``scan(acceleration:angularVelocity:magneticField:magneticFieldInMicrotesla:timestamp:)``
  /// turns back into exactly `acceleration` (g, Core Motion's sign), bit for bit.
  ///
  /// Multiplying back (`−g × 9.80665`) can land one or two units in the last place away from the
  /// value the device gave, and dividing that again would then differ in the last bit. The
  /// neighbours of the product are tried in order of distance, so the replayed value is the
  /// captured one; a value no conversion produced (made by hand) keeps the plain product.
  static func specificForce(fromG acceleration: SIMD3<Double>) -> SIMD3<Double> {
    var force = SIMD3<Double>()
    for axis in 0..<3 { force[axis] = specificForce(fromG: acceleration[axis]) }
    return force
  }

  private static func specificForce(fromG value: Double) -> Double {
    let product = -value * standardGravity
    guard product.isFinite else { return product }
    var below = product
    var above = product
    if -product / standardGravity == value { return product }
    for _ in 0..<4 {
      below = below.nextDown
      above = above.nextUp
      if -below / standardGravity == value { return below }
      if -above / standardGravity == value { return above }
    }
    return product
  }
}
