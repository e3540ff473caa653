/// Values the filter derives from its ``OrientationFilter/Parameters`` once, at creation, instead of on
/// every sample: each is computed by exactly the expression the per-sample code used, so the results are
/// the same to the bit.
struct DerivedParameters: Sendable {
  /// Per-component sample limits in rad/s, m/s² and µT, made finite: a value within a finite limit is itself
  /// finite, and NaN is within no limit, so the check of an ordinary sample is a few comparisons. A sample
  /// that fails it is not necessarily rejected; the filter then works out the exact
  /// ``OrientationFilter/SampleRejection``, if any.
  let rotationRateLimit: Double
  let specificForceLimit: Double
  let magneticFieldLimit: Double
  /// The longest interval between two samples of one sensor, in s, made finite likewise.
  let sampleIntervalLimit: Double
  /// The bias clip in rad/s.
  let biasClip: Double
  /// The rest detection thresholds, squared: (rad/s)² and (m/s²)².
  let squaredRestGyroscopeThreshold: Double
  let squaredRestAccelerometerThreshold: Double
  /// The initial bias variance in (0.01 °/s)².
  let initialBiasVariance: Double
  /// The magnetic dip threshold in rad.
  let magneticDipThreshold: Double
  /// The rotation rate that counts as turning while a new field is confirmed, squared: (rad/s)².
  let squaredNewFieldMinimumRotation: Double

  init(_ parameters: OrientationFilter.Parameters) {
    // `min` keeps a NaN limit NaN, which no value is within: such samples take the exact path.
    rotationRateLimit = min(parameters.maximumRotationRate, .greatestFiniteMagnitude)
    specificForceLimit = min(parameters.maximumSpecificForce, .greatestFiniteMagnitude)
    magneticFieldLimit = min(parameters.maximumMagneticField, .greatestFiniteMagnitude)
    sampleIntervalLimit = min(parameters.maximumSampleInterval, .greatestFiniteMagnitude)
    biasClip = parameters.biasClip * Double.pi / 180
    let threshold = parameters.restGyroscopeThreshold * Double.pi / 180
    squaredRestGyroscopeThreshold = threshold * threshold
    squaredRestAccelerometerThreshold = square(parameters.restAccelerometerThreshold)
    initialBiasVariance = square(parameters.biasSigmaInitial * 100)
    magneticDipThreshold = parameters.magneticDipThreshold * Double.pi / 180
    let turning = parameters.magneticNewFieldMinimumRotation * Double.pi / 180
    squaredNewFieldMinimumRotation = turning * turning
  }

  /// Whether every component of `value` is within `limit` in magnitude (so finite).
  @inline(__always)
  static func within(_ value: SIMD3<Double>, _ limit: Double) -> Bool {
    abs(value.x) <= limit && abs(value.y) <= limit && abs(value.z) <= limit
  }
}
