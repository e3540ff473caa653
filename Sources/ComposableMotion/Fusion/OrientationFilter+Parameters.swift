extension OrientationFilter {
  /// The filter's tuning. The defaults are the values published with VQF (Laidig & Seel, 2022), which
  /// were chosen on a separate dataset, not fitted to any one recording.
  public struct Parameters: Sendable, Hashable, Codable {
    /// Time constant of the accelerometer low-pass in the almost-inertial frame, in s. Longer trusts the
    /// gyroscope more against linear acceleration.
    public var accelerometerTau = 3.0
    /// Time constant of the magnetometer heading correction, in s.
    public var magnetometerTau = 9.0
    /// Whether the gyroscope bias is estimated while the sensor moves (from the inclination correction).
    public var estimatesBiasInMotion = true
    /// Whether the gyroscope bias is estimated while the sensor rests.
    public var estimatesBiasAtRest = true
    /// Whether magnetic disturbances are detected and the heading correction paused during them.
    public var rejectsMagneticDisturbances = true
    /// Standard deviation of the initial bias estimate, in °/s.
    public var biasSigmaInitial = 0.5
    /// Time in s after which the bias uncertainty grows back to 0.1 °/s without new information.
    public var biasForgettingTime = 100.0
    /// The largest bias the filter will estimate, and the largest disagreement it will use, in °/s.
    public var biasClip = 2.0
    /// Standard deviation of the bias measurement derived in motion, in °/s.
    public var biasSigmaMotion = 0.1
    /// How much less the vertical bias component is updated in motion (it is weakly observable).
    public var biasVerticalForgettingFactor = 0.0001
    /// Standard deviation of the bias measurement at rest, in °/s.
    public var biasSigmaRest = 0.03
    /// Time in s the sensor must be still before rest is detected.
    public var restMinimumDuration = 1.5
    /// Time constant of the low-pass used by rest detection, in s.
    public var restFilterTau = 0.5
    /// Largest deviation of the gyroscope from its low-pass that still counts as rest, in °/s.
    public var restGyroscopeThreshold = 2.0
    /// Largest deviation of the accelerometer from its low-pass that still counts as rest, in m/s².
    public var restAccelerometerThreshold = 0.5
    /// Time constant of the low-pass on the current field's norm and dip, in s.
    public var magneticCurrentTau = 0.05
    /// Time constant with which the reference norm and dip follow an undisturbed field, in s.
    public var magneticReferenceTau = 20.0
    /// Relative deviation of the field norm from the reference that counts as a disturbance.
    public var magneticNormThreshold = 0.1
    /// Deviation of the dip angle from the reference that counts as a disturbance, in degrees.
    public var magneticDipThreshold = 10.0
    /// Time in s a new, homogeneous field must be seen during rotation before it is accepted.
    public var magneticNewFieldTime = 20.0
    /// Like ``magneticNewFieldTime`` for the very first field, in s.
    public var magneticNewFirstFieldTime = 5.0
    /// Rotation rate needed for time to count towards accepting a new field, in °/s.
    public var magneticNewFieldMinimumRotation = 20.0
    /// Time in s the field must match the reference before a disturbance is considered over.
    public var magneticMinimumUndisturbedTime = 0.5
    /// Longest time in s the heading correction is paused during a disturbance.
    public var magneticMaximumRejectionTime = 60.0
    /// Factor by which the correction is slowed after the longest rejection time, and by which rejection
    /// time is earned back while undisturbed.
    public var magneticRejectionFactor = 2.0
    /// The largest rotation rate component accepted, in rad/s; larger samples are rejected
    /// (``SampleRejection/outOfRange(_:)``). Real gyroscopes saturate below 70 rad/s (4000 °/s).
    public var maximumRotationRate = 1_000.0
    /// The largest specific force component accepted, in m/s² (about 1000 g); larger samples are rejected.
    public var maximumSpecificForce = 10_000.0
    /// The largest field component accepted, in µT (10 mT); larger samples are rejected.
    public var maximumMagneticField = 10_000.0
    /// The longest time between two samples of one sensor that is integrated, in s. A longer gap rejects
    /// the sample after it (``SampleRejection/timeGap(_:)``) and restarts that sensor's clock there.
    public var maximumSampleInterval = 10.0

    /// The published defaults.
    public init() {}
  }
}
