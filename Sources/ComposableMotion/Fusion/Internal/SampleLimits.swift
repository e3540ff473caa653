/// The limits a sample is checked against (from ``OrientationFilter/Parameters``), each made finite once, so
/// that the check of an ordinary sample is a few comparisons: a value within a finite limit is itself finite,
/// and NaN is within no limit. A sample that fails this quick check is not necessarily rejected; the filter
/// then works out the exact ``OrientationFilter/SampleRejection``, if any.
struct SampleLimits: Sendable {
  /// Per-component limits in rad/s, m/s² and µT.
  let rotationRate: Double
  let specificForce: Double
  let magneticField: Double
  /// The longest interval between two samples of one sensor, in s.
  let sampleInterval: Double

  init(_ parameters: OrientationFilter.Parameters) {
    // `min` keeps a NaN limit NaN, which no value is within: such samples take the exact path.
    rotationRate = min(parameters.maximumRotationRate, .greatestFiniteMagnitude)
    specificForce = min(parameters.maximumSpecificForce, .greatestFiniteMagnitude)
    magneticField = min(parameters.maximumMagneticField, .greatestFiniteMagnitude)
    sampleInterval = min(parameters.maximumSampleInterval, .greatestFiniteMagnitude)
  }

  /// Whether every component of `value` is within `limit` in magnitude (so finite).
  @inline(__always)
  static func within(_ value: SIMD3<Double>, _ limit: Double) -> Bool {
    abs(value.x) <= limit && abs(value.y) <= limit && abs(value.z) <= limit
  }
}
