import ComposableMotion

extension IMURecording.Sample {
  /// The gyroscope values, or zero for a row without them (synthetic and 9-axis samples always
  /// have them).
  var gyroscopeOrZero: SIMD3<Double> { gyroscope ?? .zero }
  /// The accelerometer values, or zero for a row without them.
  var accelerometerOrZero: SIMD3<Double> { accelerometer ?? .zero }
}
