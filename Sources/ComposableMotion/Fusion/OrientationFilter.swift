import Foundation

/// An orientation filter for gyroscope, accelerometer and optional magnetometer samples, after VQF
/// (Laidig & Seel 2022, "VQF: Highly accurate IMU orientation estimation with bias estimation and magnetic
/// disturbance rejection").
///
/// The orientation is the product of three parts, each corrected by one sensor:
/// gyroscope strapdown integration (with online bias estimation), an inclination correction from the
/// accelerometer low-pass filtered in an almost-inertial frame, and a heading offset about the vertical from
/// the magnetometer, paused while the field is disturbed. Sample intervals may vary.
///
/// Units are SI in sensor axes: gyroscope rad/s, accelerometer m/s² as specific force (at rest it reads
/// about +9.81 on the upward axis; negate Core Motion-style accelerations), magnetometer µT. Orientations
/// rotate sensor coordinates into East-North-Up (9D) or into a z-up frame with arbitrary x (6D).
///
/// ```swift
/// var filter = OrientationFilter()
/// for sample in recording.samples { filter.update(sample) }
/// let attitude = filter.orientation  // sensor → ENU
/// ```
public struct OrientationFilter: Sendable {
  /// The tuning in use.
  public let parameters: Parameters

  // Orientation parts: sensor → gyroscope frame, gyroscope frame → 6D (z-up) frame, heading offset (rad).
  var gyroscopeQuaternion = Quaternion.identity
  var accelerometerQuaternion = Quaternion.identity
  var headingOffset = 0.0
  // cos and sin of headingOffset / 2, kept in step with it so reading the 9D orientation needs no libm call.
  var headingHalfCos = 1.0
  var headingHalfSin = 0.0

  // Timing.
  var lastTimestamp: Double?
  var coefficients = FilterCoefficients()
  var smoothedInterval = 0.0

  // Rest detection.
  var restGyroscopeLowPass = LowPassFilter<SIMD3<Double>>()
  var restAccelerometerLowPass = LowPassFilter<SIMD3<Double>>()
  var restGyroscopeLast = SIMD3<Double>()
  var restTime = 0.0
  var restDetectedFlag = false

  // Inclination correction.
  var accelerometerLowPass = LowPassFilter<SIMD3<Double>>()

  // Bias estimation (covariance in (0.01 °/s)², as in the paper, to keep the numbers well scaled).
  var bias = SIMD3<Double>()
  var biasCovariance = Matrix3.identity
  var rotationLowPass = (
    LowPassFilter<SIMD3<Double>>(), LowPassFilter<SIMD3<Double>>(), LowPassFilter<SIMD3<Double>>()
  )
  var rotatedBiasLowPass = LowPassFilter<SIMD2<Double>>()

  // Magnetometer.
  var magnetic = MagneticState()

  /// Samples that were not used: a non-increasing timestamp or a non-finite value.
  public private(set) var rejectedSampleCount = 0

  /// Creates a filter with the given tuning (the published VQF defaults if omitted).
  public init(parameters: Parameters = Parameters()) {
    self.parameters = parameters
    let sigma = parameters.biasSigmaInitial * 100
    biasCovariance = Matrix3.diagonal(SIMD3(repeating: sigma * sigma))
    // Until a reference field is known every field looks "disturbed"; starting with the rejection budget
    // spent makes the heading follow the field (at reduced gain) instead of freezing on the first sample.
    magnetic.rejectionTime = parameters.magneticMaximumRejectionTime
  }

  /// Feeds one sample of a recording. See ``update(gyroscope:accelerometer:magnetometer:timestamp:)``.
  @discardableResult
  public mutating func update(_ sample: IMURecording.Sample) -> Bool {
    update(
      gyroscope: sample.gyroscope, accelerometer: sample.accelerometer,
      magnetometer: sample.magnetometer,
      timestamp: sample.time)
  }

  /// Feeds one sample.
  ///
  /// - Parameters:
  ///   - gyroscope: angular rate in rad/s, sensor axes.
  ///   - accelerometer: specific force in m/s², sensor axes (about +9.81 upwards at rest). All zeros means
  ///     "no accelerometer sample" and skips the inclination correction.
  ///   - magnetometer: field in µT, sensor axes, or `nil` (or all zeros) when there is no sample.
  ///   - timestamp: sample time in s. The first sample only initializes the orientation.
  /// - Returns: `false` if the sample was rejected (time not after the previous sample's, or a value not
  ///   finite); it is counted in ``rejectedSampleCount`` and leaves the state unchanged.
  @discardableResult
  public mutating func update(
    gyroscope: SIMD3<Double>, accelerometer: SIMD3<Double>, magnetometer: SIMD3<Double>?,
    timestamp: Double
  ) -> Bool {
    let magnetometerFinite = magnetometer.map { Self.isFinite($0) } ?? true
    guard timestamp.isFinite, Self.isFinite(gyroscope), Self.isFinite(accelerometer),
      magnetometerFinite
    else {
      rejectedSampleCount += 1
      return false
    }
    let interval: Double
    if let last = lastTimestamp {
      guard timestamp > last else {
        rejectedSampleCount += 1
        return false
      }
      interval = timestamp - last
      // The low-passes run on a smoothed interval: changing a recursive filter's coefficients on every
      // sample (jittery timestamps) corrupts its state, while treating jittered samples as evenly spaced at
      // the mean rate keeps the time constants right on average. Integration uses the exact interval.
      smoothedInterval += (smoothedInterval == 0 ? 1 : 0.02) * (interval - smoothedInterval)
      if coefficients.isStale(for: smoothedInterval) {
        // Built then assigned, so `parameters` is read without overlapping the write to `coefficients`
        // (an in-place refresh made the compiler copy the parameters on every sample).
        let fresh = FilterCoefficients(interval: smoothedInterval, parameters: parameters)
        coefficients = fresh
      }
    } else {
      interval = 0
    }
    lastTimestamp = timestamp
    updateGyroscope(gyroscope, interval: interval)
    var disagreement: SIMD3<Double>?
    if accelerometer != .zero {
      disagreement = updateAccelerometer(accelerometer, interval: interval)
    }
    // Both factors are kept normalized, so their product is a unit quaternion up to rounding.
    let sixD = accelerometerQuaternion * gyroscopeQuaternion
    if let disagreement, interval > 0,
      parameters.estimatesBiasInMotion || parameters.estimatesBiasAtRest
    {
      updateBias(disagreement: disagreement, orientation6D: sixD, interval: interval)
    }
    if let magnetometer, magnetometer != .zero {
      updateMagnetometer(magnetometer, orientation6D: sixD, interval: interval)
    }
    orientation6D = sixD.renormalized
    orientation = (Quaternion(w: headingHalfCos, x: 0, y: 0, z: headingHalfSin) * sixD).renormalized
    return true
  }

  /// The orientation from gyroscope and accelerometer only: sensor → a z-up frame whose x axis is arbitrary
  /// (fixed by the first samples) and drifts slowly about the vertical.
  // Stored rather than computed: a getter on this large struct made callers copy all of it first.
  public private(set) var orientation6D = Quaternion.identity

  /// The orientation with the magnetometer's heading: sensor → East-North-Up. Equals ``orientation6D``
  /// rotated about the vertical by ``headingOffset6DToENU`` radians.
  public private(set) var orientation = Quaternion.identity

  /// The rotation in radians about the vertical that takes the 6D frame to East-North-Up (counter-clockwise
  /// seen from above), as estimated from the magnetometer.
  public var headingOffset6DToENU: Double { headingOffset }

  /// The estimated gyroscope bias in rad/s, sensor axes. Subtract it from raw rates.
  public var gyroscopeBias: SIMD3<Double> { bias }

  /// The standard deviation of the bias estimate, in rad/s (the largest over the three axes).
  public var gyroscopeBiasSigma: Double {
    biasCovariance.diagonal.max().squareRoot() / 100 * Double.pi / 180
  }

  /// Whether the sensor is currently detected to be at rest.
  public var isAtRest: Bool { restDetectedFlag }

  /// Whether the magnetic field currently differs from the reference field (a magnet, steel, a motor);
  /// the heading correction is paused while it does.
  public var isMagneticDisturbanceDetected: Bool { magnetic.disturbanceDetected }

  /// Whether a reference field (norm and dip) has been accepted, so disturbances can be told apart.
  public var hasMagneticReference: Bool { magnetic.referenceNorm > 0 }

  /// Whether the heading has had at least one magnetometer time constant to converge since the first field.
  public var isHeadingConverged: Bool { magnetic.sampleCount > 0 && magnetic.initialGain == 0 }

  // Static, not an instance method: a closure calling an instance method would capture (copy) self.
  @inline(__always)
  private static func isFinite(_ v: SIMD3<Double>) -> Bool {
    v.x.isFinite && v.y.isFinite && v.z.isFinite
  }
}

extension OrientationFilter {
  /// How many magnetometer samples the filter has used.
  public var magneticSampleCount: Int { magnetic.sampleCount }
}
