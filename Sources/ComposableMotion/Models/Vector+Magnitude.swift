// The length of each three-axis measurement, in the measurement's own unit. A crash detector
// compares `userAcceleration.magnitude` with a threshold in g; a spin detector compares
// `rotationRate.magnitude` in rad/s.

extension Acceleration {
  /// The length of the vector, in g: `√(x² + y² + z²)`.
  public var magnitude: Double { (x * x + y * y + z * z).squareRoot() }
}

extension RotationRate {
  /// The speed of rotation about any axis, in rad/s: `√(x² + y² + z²)`.
  public var magnitude: Double { (x * x + y * y + z * z).squareRoot() }
}

extension MagneticField {
  /// The field strength, in µT: `√(x² + y² + z²)`.
  public var magnitude: Double { (x * x + y * y + z * z).squareRoot() }
}
