extension OfflineOrientationSmoother {
  /// The smoother's tuning.
  public struct Parameters: Sendable, Hashable, Codable {
    /// The causal filter's tuning, used for the forward and backward passes (rest detection, bias
    /// estimation, sample rejection), for the inclination low-pass time constant
    /// (``OrientationFilter/Parameters/accelerometerTau``, s) and for the magnetic disturbance thresholds
    /// (``OrientationFilter/Parameters/magneticNormThreshold``, ``OrientationFilter/Parameters/magneticDipThreshold``
    /// in degrees, ``OrientationFilter/Parameters/magneticCurrentTau`` in s, and
    /// ``OrientationFilter/Parameters/magneticMinimumUndisturbedTime`` in s, used here as the margin
    /// rejected on each side of a disturbance).
    public var filter = OrientationFilter.Parameters()

    /// The time constant of the heading smoother, in s: the heading offset is modelled as a random walk
    /// whose Kalman filter alone would follow the magnetometer with this time constant (the causal filter's
    /// ``OrientationFilter/Parameters/magnetometerTau`` plays that role there). Longer averages the
    /// magnetometer's errors over more rotation; shorter follows the gyroscope's residual drift more
    /// closely. 25 s was chosen by cross-validation on BROAD trials (see the Orientation filter article).
    public var headingTau = 25.0

    /// The published causal defaults and a 25 s heading time constant.
    public init() {}
  }
}
