/// The magnetometer part of the filter's state: reference field, disturbance detection, and the candidate
/// field that may replace the reference after moving into a new homogeneous field.
struct MagneticState: Sendable {
  var currentLowPass = LowPassFilter<SIMD2<Double>>()
  /// Norm (µT) and dip (rad) of the accepted reference field; norm 0 means "none yet".
  var referenceNorm = 0.0
  var referenceDip = 0.0
  var undisturbedTime = 0.0
  var disturbanceDetected = true
  var candidateNorm = -1.0
  var candidateDip = 0.0
  var candidateTime = 0.0
  var rejectionTime = 0.0
  /// Gain floor 1/N for the first samples so the heading converges at once instead of over tauMag.
  var initialGain = 1.0
  var sampleCount = 0
}
