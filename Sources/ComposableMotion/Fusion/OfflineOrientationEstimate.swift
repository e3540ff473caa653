/// What ``OfflineOrientationSmoother`` estimates for a whole recording: one entry per input sample, in
/// input order.
public struct OfflineOrientationEstimate: Sendable, Hashable {
  /// Sensor → East-North-Up for every sample. Without magnetometer samples (or with the magnetometer
  /// ignored) these equal ``orientations6D``: z is up and the heading is arbitrary.
  public var orientations: [Quaternion]
  /// Sensor → a z-up frame with arbitrary but fixed x axis, from gyroscope and accelerometer only.
  public var orientations6D: [Quaternion]
  /// The gyroscope bias in rad/s, sensor axes, combined from the forward and the backward pass.
  public var gyroscopeBias: [SIMD3<Double>]
  /// Whether the magnetometer sample was left out of the heading as magnetically disturbed (or there was
  /// none). The heading there is interpolated by the gyroscope between the undisturbed parts on both sides.
  public var magneticallyDisturbed: [Bool]
  /// Why a sample was not used, or `nil` where it was. A rejected sample's orientation is its neighbours'
  /// estimate at that time.
  public var rejections: [OrientationFilter.SampleRejection?]

  /// The number of rejected samples.
  public var rejectedSampleCount: Int { rejections.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

  /// Creates an estimate from its per-sample arrays (all of the same length).
  public init(
    orientations: [Quaternion], orientations6D: [Quaternion], gyroscopeBias: [SIMD3<Double>],
    magneticallyDisturbed: [Bool], rejections: [OrientationFilter.SampleRejection?]
  ) {
    self.orientations = orientations
    self.orientations6D = orientations6D
    self.gyroscopeBias = gyroscopeBias
    self.magneticallyDisturbed = magneticallyDisturbed
    self.rejections = rejections
  }
}
