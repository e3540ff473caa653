extension MagnetometerCalibrator {
  /// The calibrator's tuning. The defaults follow the magnetometer's physics (Earth's field, noise of a
  /// few tenths of a µT), not any one recording.
  public struct Parameters: Sendable, Hashable {
    /// The rotation in degrees between two samples the fit uses: samples while the device rests add
    /// nothing but weight.
    public var stepAngle = 1.0
    /// The fewest samples averaged into one step: at fast rotation every sample turns by more than
    /// ``stepAngle``, and averaging a few keeps the cost per sample low and the noise down.
    public var samplesPerStep = 4
    /// The shortest time in seconds the calibrator averages into one learning step: it learns at a
    /// rate of its own (at most ten times a second by default), whatever the magnetometer's rate,
    /// and a step of several degrees counts as the steps of ``stepAngle`` and ``samplesPerStep`` it
    /// holds (see ``MagnetometerCalibrator/update(_:orientation6D:rotationRate:sampleInterval:)``).
    /// 0 learns from every step.
    public var learningInterval = 0.2
    /// The most rotation in degrees one learning step averages over, however short its interval:
    /// over a longer arc the mean field no longer lies along the mean orientation (fast turns), and
    /// the field's rate of change between two steps no longer is the one within them.
    public var learningAngle = 6.0
    /// The number of samples after which an old sample's weight has fallen to 1/e.
    public var memory = 600.0
    /// The samples (each one step of rotation) needed before the first fit.
    public var minimumSamples = 10.0
    /// How many new samples between two fits at first (later an eighth of those learned, up to 128): the
    /// first seconds of turning decide the first heading, so the first fits come early.
    public var samplesPerFit = 4
    /// The fewest magnetometer samples between two fits, whatever the rotation: a fit costs about as
    /// much as a dozen filter updates, so this keeps the early fits (while the device turns fast
    /// and every few samples are a new step) to a small share of the filter's time. At 100 Hz or more
    /// it still allows several fits a second.
    public var magnetometerSamplesPerFit = 48
    /// Relative deviation of the corrected field strength from the learned one that marks a disturbance.
    public var strengthGate = 0.1
    /// Deviation of the corrected field's dip from the learned one that marks a disturbance, in degrees.
    public var dipGate = 10.0
    /// How many consecutive disturbed samples (each one step of rotation) mean the environment changed
    /// and the fit starts again.
    public var relearnAfter = 150
    /// How many times larger the residual variance (the residual sum of squares per degree of freedom) of
    /// the calibration in use must be than a new fit's, on the same samples, before the fit replaces it (an
    /// F-test: noise alone gives about 1, also for a fit of 15 unknowns to a few tens of equations).
    public var improvementRatio = 3.0
    /// The rotation rate in rad/s at which a sample weighs half: turning at ω, a delay of τ between the
    /// magnetometer and the gyroscope misplaces the field by ωτ, so fast samples are less certain.
    public var fastRotation = 1.0
    /// How far soft iron typically bends a magnetometer's correction away from the identity (the spread
    /// of its entries, dimensionless): a prior that keeps the correction sane while the rotations seen so
    /// far leave part of it unobservable.
    public var softIronSpread = 0.03
    /// The expected error of one sample against the model, relative to the field strength (noise,
    /// orientation error): how much one sample weighs against ``softIronSpread``.
    public var equationNoise = 0.02
    /// The largest predicted error of the corrected field's heading (its horizontal direction in the
    /// orientation's frame, from the fit's covariance and residual), in degrees, for each accuracy.
    public var directionErrorLimits = Limits(high: 1, medium: 3, low: 30)
    /// The largest relative residual (per component, against the field strength) for each accuracy.
    public var residualLimits = Limits(high: 0.03, medium: 0.06, low: 0.15)
    /// The most a plausible soft-iron correction stretches one direction more than another (the
    /// ratio of its largest to its smallest singular value, dimensionless): a fit beyond it is not
    /// adopted (see ``MagneticFieldPrior``).
    public var largestAnisotropy = MagnetometerCalibrator.largestPlausibleAnisotropy
    /// How many standard deviations of a fit's heading its correction's rotation about the vertical
    /// must exceed to be adopted, for a correction within the soft-iron prior's spread of none; 0
    /// adopts every rotation. The default, 2, removes the spurious −0.8° rotation the fits of BROAD
    /// trial 26 carry (a heading offset the data cannot show while the device turns about the
    /// vertical), and also part of a real cross-coupling while it is still uncertain.
    public var headingRotationSignificance = 2.0
    /// Whether the soft-iron prior is weighed at the Earth's field the fits find (true) or at the
    /// first raw field's strength (false, the default). The sums are kept in units of the first raw
    /// field, which on a distorted magnetometer includes the hard iron: weighed there, the prior is
    /// (first field / Earth's field)² times stronger than ``softIronSpread`` says, 4–9 times with
    /// 60 µT of hard iron. True follows ``softIronSpread`` and ``equationNoise`` as documented; it
    /// removes a lasting heading bias of 2–5° from BROAD trial 02's cold start (seed 1), but the
    /// stronger prior of the default holds the soft iron of the barely turning translation trials,
    /// and the cold mean is 0.12° better with it (see CalibratingTheMagnetometer).
    public var softIronPriorAtEarthScale = false

    /// The defaults.
    public init() {}

    /// Upper limits for the ``DeviceMotion/MagneticFieldCalibrationAccuracy`` levels.
    public struct Limits: Sendable, Hashable {
      /// The limit for ``DeviceMotion/MagneticFieldCalibrationAccuracy/high``.
      public var high: Double
      /// The limit for ``DeviceMotion/MagneticFieldCalibrationAccuracy/medium``.
      public var medium: Double
      /// The limit for ``DeviceMotion/MagneticFieldCalibrationAccuracy/low``; above it the fit is not used.
      public var low: Double

      /// Creates limits, increasing from `high` to `low`.
      public init(high: Double, medium: Double, low: Double) {
        self.high = high
        self.medium = medium
        self.low = low
      }
    }
  }
}
