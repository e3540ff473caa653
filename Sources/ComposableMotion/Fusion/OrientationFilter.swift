#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

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
  // Values derived from the parameters once (sample limits, thresholds in the units used per sample).
  let derived: DerivedParameters

  // Orientation parts: sensor → gyroscope frame, gyroscope frame → 6D (z-up) frame, heading offset (rad).
  var gyroscopeQuaternion = Quaternion.identity
  var accelerometerQuaternion = Quaternion.identity
  var headingOffset = 0.0
  // cos and sin of headingOffset / 2, kept in step with it so reading the 9D orientation needs no libm call.
  var headingHalfCos = 1.0
  var headingHalfSin = 0.0

  // Timing, per sensor.
  var gyroscopeClock = SensorClock()
  var accelerometerClock = SensorClock()
  var magnetometerClock = SensorClock()

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
  var headingError = HeadingErrorTracker()
  /// The online hard- and soft-iron calibration the raw field goes through first, if any.
  public internal(set) var magnetometerCalibrator: MagnetometerCalibrator?

  /// Samples that were not used, for any ``SampleRejection`` reason.
  public private(set) var rejectedSampleCount = 0
  /// Rejected samples counted by reason.
  public private(set) var rejectionCounts: [SampleRejection: Int] = [:]
  /// Why the most recent rejected sample was not used, or `nil` if none was.
  public private(set) var lastRejection: SampleRejection?

  /// Creates a filter with the given tuning (the published VQF defaults if omitted).
  ///
  /// - Parameters:
  ///   - parameters: the tuning.
  ///   - magnetometerCalibrator: an online calibration for the magnetometer (see
  ///     ``MagnetometerCalibrator``): every field is corrected by it before the heading uses it. Without
  ///     one the field is used as given, as VQF does.
  public init(
    parameters: Parameters = Parameters(), magnetometerCalibrator: MagnetometerCalibrator? = nil
  ) {
    self.parameters = parameters
    derived = DerivedParameters(parameters)
    self.magnetometerCalibrator = magnetometerCalibrator
    biasCovariance = Matrix3.diagonal(SIMD3(repeating: derived.initialBiasVariance))
    // Until a reference field is known every field looks "disturbed"; starting with the rejection budget
    // spent makes the heading follow the field (at reduced gain) instead of freezing on the first sample.
    magnetic.rejectionTime = parameters.magneticMaximumRejectionTime
  }

  /// Feeds one sample of a recording. See ``update(gyroscope:accelerometer:magnetometer:timestamp:)``;
  /// a row without a gyroscope value feeds its other sensors on their own.
  @discardableResult
  public mutating func update(_ sample: IMURecording.Sample) -> Bool {
    guard let gyroscope = sample.gyroscope else {
      var accepted = true
      if let accelerometer = sample.accelerometer {
        accepted = updateAccelerometer(accelerometer, timestamp: sample.time) && accepted
      }
      if let magnetometer = sample.magnetometer {
        accepted = updateMagnetometer(magnetometer, timestamp: sample.time) && accepted
      }
      return accepted
    }
    return update(
      gyroscope: gyroscope, accelerometer: sample.accelerometer ?? .zero,
      magnetometer: sample.magnetometer,
      timestamp: sample.time)
  }

  /// Feeds one sample of all sensors taken at the same time.
  ///
  /// - Parameters:
  ///   - gyroscope: angular rate in rad/s, sensor axes.
  ///   - accelerometer: specific force in m/s², sensor axes (about +9.81 upwards at rest). All zeros means
  ///     "no accelerometer sample" and skips the inclination correction.
  ///   - magnetometer: field in µT, sensor axes, or `nil` (or all zeros) when there is no sample.
  ///   - timestamp: sample time in s. A sensor's first sample only initializes its part.
  /// - Returns: `false` if the sample was rejected (see ``SampleRejection``): it is counted in
  ///   ``rejectedSampleCount`` and ``rejectionCounts``, recorded in ``lastRejection``, and leaves the
  ///   orientation unchanged.
  @discardableResult
  public mutating func update(
    gyroscope: SIMD3<Double>, accelerometer: SIMD3<Double>, magnetometer: SIMD3<Double>?,
    timestamp: Double
  ) -> Bool {
    let usesAccelerometer = accelerometer != .zero
    let field = magnetometer.flatMap { $0 == .zero ? nil : $0 }
    guard
      isPlainlyValid(gyroscope, accelerometer, usesAccelerometer, field, timestamp: timestamp)
        || passesExactChecks(
          gyroscope, accelerometer, usesAccelerometer, field, timestamp: timestamp)
    else { return false }
    applyGyroscope(gyroscope, timestamp: timestamp)
    // The 6D orientation after the gyroscope and accelerometer steps, formed once: the bias update, the
    // magnetometer and both published orientations all use this product.
    let sixD =
      usesAccelerometer
      ? applyAccelerometer(accelerometer, timestamp: timestamp)
      : accelerometerQuaternion * gyroscopeQuaternion
    if let field { applyMagnetometer(field, orientation6D: sixD, timestamp: timestamp) }
    refreshOrientations(sixD)
    return true
  }

  /// The exact checks of a sample that failed the quick one: on a rejection counts it (restarting the
  /// clocks after a gap) and returns `false`. Kept out of line so that ``update(gyroscope:accelerometer:magnetometer:timestamp:)``
  /// stays small enough for its per-sample steps to be inlined.
  @inline(never)
  private mutating func passesExactChecks(
    _ gyroscope: SIMD3<Double>, _ accelerometer: SIMD3<Double>, _ usesAccelerometer: Bool,
    _ field: SIMD3<Double>?, timestamp: Double
  ) -> Bool {
    if let rejection = valueRejection(gyroscope, .gyroscope)
      ?? (usesAccelerometer ? valueRejection(accelerometer, .accelerometer) : nil)
      ?? field.flatMap({ valueRejection($0, .magnetometer) })
      ?? timeRejection(timestamp, .gyroscope)
      ?? (usesAccelerometer ? timeRejection(timestamp, .accelerometer) : nil)
      ?? (field == nil ? nil : timeRejection(timestamp, .magnetometer))
    {
      if case .timeGap = rejection {
        gyroscopeClock.restart(at: timestamp)
        if usesAccelerometer { accelerometerClock.restart(at: timestamp) }
        if field != nil { magnetometerClock.restart(at: timestamp) }
      }
      reject(rejection)
      return false
    }
    return true
  }

  /// Feeds a gyroscope sample on its own (rad/s, sensor axes, at `timestamp` s), for sensors read at
  /// different times or rates. Returns `false` (and counts it) if rejected.
  @discardableResult
  public mutating func updateGyroscope(_ gyroscope: SIMD3<Double>, timestamp: Double) -> Bool {
    guard accepts(gyroscope, .gyroscope, timestamp: timestamp) else { return false }
    applyGyroscope(gyroscope, timestamp: timestamp)
    refreshOrientations(accelerometerQuaternion * gyroscopeQuaternion)
    return true
  }

  /// Feeds an accelerometer sample on its own (specific force in m/s², sensor axes, at `timestamp` s).
  /// Returns `false` (and counts it) if rejected; an all-zero sample is rejected as out of range.
  @discardableResult
  public mutating func updateAccelerometer(_ accelerometer: SIMD3<Double>, timestamp: Double)
    -> Bool
  {
    guard accelerometer != .zero else {
      reject(.outOfRange(.accelerometer))
      return false
    }
    guard accepts(accelerometer, .accelerometer, timestamp: timestamp) else { return false }
    refreshOrientations(applyAccelerometer(accelerometer, timestamp: timestamp))
    return true
  }

  /// Feeds a magnetometer sample on its own (µT, sensor axes, at `timestamp` s). Returns `false` (and
  /// counts it) if rejected; an all-zero sample is rejected as out of range.
  @discardableResult
  public mutating func updateMagnetometer(_ magnetometer: SIMD3<Double>, timestamp: Double) -> Bool
  {
    guard magnetometer != .zero else {
      reject(.outOfRange(.magnetometer))
      return false
    }
    guard accepts(magnetometer, .magnetometer, timestamp: timestamp) else { return false }
    let sixD = accelerometerQuaternion * gyroscopeQuaternion
    applyMagnetometer(magnetometer, orientation6D: sixD, timestamp: timestamp)
    refreshOrientations(sixD)
    return true
  }

  /// Checks one sensor's sample; on a rejection counts it (restarting the clock after a gap).
  private mutating func accepts(
    _ value: SIMD3<Double>, _ sensor: SampleRejection.Sensor, timestamp: Double
  ) -> Bool {
    guard let rejection = valueRejection(value, sensor) ?? timeRejection(timestamp, sensor) else {
      return true
    }
    if case .timeGap = rejection {
      switch sensor {
      case .gyroscope: gyroscopeClock.restart(at: timestamp)
      case .accelerometer: accelerometerClock.restart(at: timestamp)
      case .magnetometer: magnetometerClock.restart(at: timestamp)
      }
    }
    reject(rejection)
    return false
  }

  private mutating func reject(_ rejection: SampleRejection) {
    rejectedSampleCount += 1
    rejectionCounts[rejection, default: 0] += 1
    lastRejection = rejection
  }

  /// The quick check of an ordinary sample: `true` means that the exact checks below would find nothing to
  /// reject; `false` leaves it to them.
  @inline(__always)
  private func isPlainlyValid(
    _ gyroscope: SIMD3<Double>, _ accelerometer: SIMD3<Double>, _ usesAccelerometer: Bool,
    _ field: SIMD3<Double>?, timestamp: Double
  ) -> Bool {
    let maximum = derived.sampleIntervalLimit
    guard DerivedParameters.within(gyroscope, derived.rotationRateLimit),
      gyroscopeClock.plainlyAccepts(timestamp, maximumInterval: maximum)
    else { return false }
    if usesAccelerometer {
      guard DerivedParameters.within(accelerometer, derived.specificForceLimit),
        accelerometerClock.plainlyAccepts(timestamp, maximumInterval: maximum)
      else { return false }
    }
    if let field {
      guard DerivedParameters.within(field, derived.magneticFieldLimit),
        magnetometerClock.plainlyAccepts(timestamp, maximumInterval: maximum)
      else { return false }
    }
    return true
  }

  @inline(__always)
  private func valueRejection(_ v: SIMD3<Double>, _ sensor: SampleRejection.Sensor)
    -> SampleRejection?
  {
    guard v.x.isFinite, v.y.isFinite, v.z.isFinite else { return .notFinite(sensor) }
    let limit: Double
    switch sensor {
    case .gyroscope: limit = parameters.maximumRotationRate
    case .accelerometer: limit = parameters.maximumSpecificForce
    case .magnetometer: limit = parameters.maximumMagneticField
    }
    // Comparing magnitudes, never squares: squaring 1e200 overflows.
    return max(abs(v.x), abs(v.y), abs(v.z)) <= limit ? nil : .outOfRange(sensor)
  }

  @inline(__always)
  private func timeRejection(_ timestamp: Double, _ sensor: SampleRejection.Sensor)
    -> SampleRejection?
  {
    let maximum = parameters.maximumSampleInterval
    switch sensor {
    case .gyroscope:
      return gyroscopeClock.rejection(of: timestamp, maximumInterval: maximum, sensor: sensor)
    case .accelerometer:
      return accelerometerClock.rejection(of: timestamp, maximumInterval: maximum, sensor: sensor)
    case .magnetometer:
      return magnetometerClock.rejection(of: timestamp, maximumInterval: maximum, sensor: sensor)
    }
  }

  @inline(__always)
  private mutating func applyGyroscope(_ gyroscope: SIMD3<Double>, timestamp: Double) {
    let interval = gyroscopeClock.advance(to: timestamp)
    if gyroscopeClock.needsCoefficients {
      // Built, then assigned: an in-place refresh reading `parameters` made the compiler copy them on
      // every sample.
      let fresh = FilterCoefficients(
        interval: gyroscopeClock.smoothedInterval, parameters: parameters)
      gyroscopeClock.coefficients = fresh
    }
    integrateGyroscope(gyroscope, interval: interval)
  }

  /// Applies the inclination correction and the bias update; returns the 6D orientation after them
  /// (the product of the two factors, each kept normalized, so a unit quaternion up to rounding).
  // `@_transparent`, not `@inline(__always)`: the optimizer left the latter out of line in `update`, and
  // inlining it (with `applyMagnetometer`) took 48 instructions off each sample (callgrind).
  @_transparent
  private mutating func applyAccelerometer(_ accelerometer: SIMD3<Double>, timestamp: Double)
    -> Quaternion
  {
    let interval = accelerometerClock.advance(to: timestamp)
    if accelerometerClock.needsCoefficients {
      let fresh = FilterCoefficients(
        interval: accelerometerClock.smoothedInterval, parameters: parameters)
      accelerometerClock.coefficients = fresh
    }
    let disagreement = correctInclination(accelerometer, interval: interval)
    let sixD = accelerometerQuaternion * gyroscopeQuaternion
    if let disagreement, interval > 0,
      parameters.estimatesBiasInMotion || parameters.estimatesBiasAtRest
    {
      updateBias(disagreement: disagreement, orientation6D: sixD, interval: interval)
    }
    return sixD
  }

  @_transparent
  private mutating func applyMagnetometer(
    _ magnetometer: SIMD3<Double>, orientation6D sixD: Quaternion, timestamp: Double
  ) {
    let interval = magnetometerClock.advance(to: timestamp)
    if magnetometerClock.needsCoefficients {
      let fresh = FilterCoefficients(
        interval: magnetometerClock.smoothedInterval, parameters: parameters)
      magnetometerClock.coefficients = fresh
    }
    var field = magnetometer
    // One small result, not reads of the calibrator's properties through the optional: those copied
    // the whole calibrator (about a kilobyte) for every sample.
    if let step = magnetometerCalibrator?.correct(
      magnetometer, orientation6D: sixD,
      angularVelocity: restGyroscopeLast,
      fieldDisturbed: parameters.rejectsMagneticDisturbances && magnetic.referenceNorm > 0
        && magnetic.disturbanceDetected, interval: interval)
    {
      field = step.field
      if step.changedNoticeably {
        restartHeadingCorrection(strength: step.fieldStrength, dip: step.dip)
      }
    }
    correctHeading(field, orientation6D: sixD, interval: interval)
  }

  /// Publishes the orientations from `sixD`, the current `accelerometerQuaternion * gyroscopeQuaternion`.
  @inline(__always)
  private mutating func refreshOrientations(_ sixD: Quaternion) {
    sixDProduct = sixD
    orientation = (Quaternion(w: headingHalfCos, x: 0, y: 0, z: headingHalfSin) * sixD).renormalized
  }

  /// The orientation from gyroscope and accelerometer only: sensor → a z-up frame whose x axis is arbitrary
  /// (fixed by the first samples) and drifts slowly about the vertical.
  // Normalized when read, so a 9D caller does not pay for it on every sample. Inlinable and reading one
  // stored quaternion: a non-inlined getter on this large struct made callers copy all of it first.
  @inlinable public var orientation6D: Quaternion { sixDProduct.renormalized }

  /// `accelerometerQuaternion * gyroscopeQuaternion` after the last accepted sample, a unit quaternion up to
  /// rounding; ``orientation6D`` is this, renormalized.
  @usableFromInline var sixDProduct = Quaternion.identity

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
}

extension OrientationFilter {
  /// How many magnetometer samples the filter has used.
  public var magneticSampleCount: Int { magnetic.sampleCount }
}
