#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Turns raw gyroscope, accelerometer and magnetometer samples into ``DeviceMotion`` values in a Core Motion
/// reference frame, using an ``OrientationFilter``.
///
/// ```swift
/// var estimator = DeviceMotionEstimator(frame: .xTrueNorthZVertical, declination: 3.2)
/// let motion = estimator.update(
///   rotationRate: gyro, acceleration: accel, magneticField: mag, timestamp: t)
/// print(motion.attitude.yaw, motion.gravity, motion.heading ?? .nan)
/// ```
public struct DeviceMotionEstimator: Sendable {
  /// The reference frame of the attitudes produced.
  public let frame: AttitudeReferenceFrame
  /// The magnetic declination in degrees, positive when magnetic north lies east of true north; used by
  /// ``AttitudeReferenceFrame/xTrueNorthZVertical``. Update it when the location (gpsd's magnetic
  /// variation) becomes known. While it is `nil` that frame falls back to magnetic north.
  public var declination: Double?
  /// The underlying filter, for its diagnostics (bias, rest, disturbance).
  public private(set) var filter: OrientationFilter

  // Heading offset captured at the first magnetometer sample, so xArbitraryCorrectedZVertical starts where
  // xArbitraryZVertical starts and only drift is corrected afterwards.
  private var arbitraryCorrectedOffset: Double?
  private var lastMotion: DeviceMotion?
  // The latest magnetometer sample (µT), reported until the next one: magnetometers often run slower than
  // the gyroscope, and callers pass nil between their samples.
  private var lastField: SIMD3<Double>?

  /// Standard gravity in m/s², to convert between g and the filter's SI units.
  public static let standardGravity = 9.80665

  /// Creates an estimator for a reference frame.
  ///
  /// - Parameters:
  ///   - frame: the frame attitudes are expressed in.
  ///   - declination: magnetic declination in degrees (east positive), for `.xTrueNorthZVertical`.
  ///   - parameters: the filter tuning; the published VQF defaults if omitted.
  ///   - calibratesMagnetometer: whether a ``MagnetometerCalibrator`` learns the hard and soft iron
  ///     online (the default); without one the field is used as measured.
  ///   - magnetometerCalibration: a saved calibration to start from instead of uncalibrated.
  ///   - magneticFieldPrior: what the Earth's field where the device is may be (the World
  ///     Magnetic Model's at a known location); Earth-wide by default. See ``MagneticFieldPrior``.
  public init(
    frame: AttitudeReferenceFrame = .xArbitraryZVertical,
    declination: Double? = nil,
    parameters: OrientationFilter.Parameters = .init(),
    calibratesMagnetometer: Bool = true,
    magnetometerCalibration: MagnetometerCalibration? = nil,
    magneticFieldPrior: MagneticFieldPrior = .earthWide
  ) {
    self.frame = frame
    self.declination = declination
    self.filter = OrientationFilter(
      parameters: parameters,
      magnetometerCalibrator: calibratesMagnetometer
        ? MagnetometerCalibrator(
          initial: magnetometerCalibration, fieldPrior: magneticFieldPrior) : nil)
  }

  /// What the magnetometer calibration assumes of the Earth's field where the device is, or `nil`
  /// when the estimator does not calibrate. Set it when a location becomes known (for example
  /// `MagneticFieldPrior(position: fix.geographicPosition, at: .now())`): later fits are judged
  /// against it. Setting `nil` changes nothing; `.earthWide` forgets a location.
  public var magneticFieldPrior: MagneticFieldPrior? {
    get { filter.magneticFieldPrior }
    set { if let newValue { filter.magneticFieldPrior = newValue } }
  }

  /// The magnetometer calibration in use, or `nil` when the estimator does not calibrate.
  public var magnetometerCalibration: MagnetometerCalibration? {
    filter.magnetometerCalibrator?.calibration
  }

  /// Feeds one set of samples and returns the fused motion at `timestamp`.
  ///
  /// - Parameters:
  ///   - rotationRate: the gyroscope, rad/s.
  ///   - acceleration: the accelerometer in g with Core Motion's sign (flat, face up, at rest: (0, 0, −1)).
  ///   - magneticField: the magnetometer in µT, or `nil` if there is none (or no new sample).
  ///   - timestamp: sample time in seconds, strictly increasing.
  /// - Returns: the motion. A sample with a non-increasing timestamp or a non-finite value does not move
  ///   the filter (see ``OrientationFilter/rejectedSampleCount``); the returned attitude is then the
  ///   previous one.
  public mutating func update(
    rotationRate: RotationRate, acceleration: Acceleration, magneticField: MagneticField?,
    timestamp: Double
  ) -> DeviceMotion {
    let gyroscope = SIMD3(rotationRate.x, rotationRate.y, rotationRate.z)
    let measured = SIMD3(acceleration.x, acceleration.y, acceleration.z)
    // Core Motion's sign is the opposite of specific force: at rest face up it reads −1 g on z.
    let specificForce = -measured * Self.standardGravity
    let magnetometer = magneticField.map { SIMD3($0.x, $0.y, $0.z) }
    let accepted = filter.update(
      gyroscope: gyroscope, accelerometer: specificForce, magnetometer: magnetometer,
      timestamp: timestamp)
    if !accepted { return lastMotion ?? restingMotion(timestamp: timestamp) }
    if let magnetometer { lastField = magnetometer }
    if magnetometer != nil, arbitraryCorrectedOffset == nil, filter.magneticSampleCount > 0 {
      arbitraryCorrectedOffset = filter.headingOffset6DToENU
    }
    let motion = makeMotion(
      measured: measured, gyroscope: gyroscope, magnetometer: lastField, timestamp: timestamp)
    lastMotion = motion
    return motion
  }

  /// The filter's initial state (level, identity attitude) with zero rates and no field, for a rejected
  /// first sample: the caller gets a well-formed value and the rejection is counted.
  private func restingMotion(timestamp: Double) -> DeviceMotion {
    DeviceMotion(
      attitude: Attitude(quaternion: .identity),
      gravity: Acceleration(x: 0, y: 0, z: -1),
      userAcceleration: Acceleration(x: 0, y: 0, z: 0),
      rotationRate: RotationRate(x: 0, y: 0, z: 0),
      magneticField: .init(field: MagneticField(x: 0, y: 0, z: 0), accuracy: .uncalibrated),
      heading: nil,
      timestamp: timestamp.isFinite ? timestamp : 0)
  }

  /// The frames this estimator can serve given whether a magnetometer is present.
  public static func availableFrames(hasMagnetometer: Bool) -> [AttitudeReferenceFrame] {
    hasMagnetometer ? AttitudeReferenceFrame.allCases : [.xArbitraryZVertical]
  }

  private func makeMotion(
    measured: SIMD3<Double>, gyroscope: SIMD3<Double>, magnetometer: SIMD3<Double>?,
    timestamp: Double
  ) -> DeviceMotion {
    let sixD = filter.orientation6D
    // Gravity points down (−z of any of the frames), seen from the device.
    let down = sixD.conjugate.rotate(SIMD3(0, 0, -1))
    let rate = gyroscope - filter.gyroscopeBias
    let attitude = Attitude(quaternion: attitudeQuaternion())
    var heading: Double?
    if frame.isNorthReferenced, filter.magneticSampleCount > 0 {
      let degrees = -attitude.yaw * 180 / Double.pi
      heading = degrees < 0 ? degrees + 360 : (degrees >= 360 ? degrees - 360 : degrees)
    }
    // The calibrated field (the raw one without a calibrator), as Core Motion's magneticField.
    let calibrated = magnetometer.map { filter.magnetometerCalibrator?.corrected($0) ?? $0 }
    let field =
      calibrated.map { MagneticField(x: $0.x, y: $0.y, z: $0.z) }
      ?? MagneticField(x: 0, y: 0, z: 0)
    return DeviceMotion(
      attitude: attitude,
      gravity: Acceleration(x: down.x, y: down.y, z: down.z),
      userAcceleration: Acceleration(
        x: measured.x - down.x, y: measured.y - down.y, z: measured.z - down.z),
      rotationRate: RotationRate(x: rate.x, y: rate.y, z: rate.z),
      magneticField: .init(field: field, accuracy: accuracy(hasSample: magnetometer != nil)),
      heading: heading,
      headingAccuracy: heading == nil ? -1 : filter.headingAccuracy,
      timestamp: timestamp)
  }

  /// The attitude in the requested frame: a rotation about the vertical applied to the ENU (or 6D) estimate.
  private func attitudeQuaternion() -> Quaternion {
    let hasField = filter.magneticSampleCount > 0
    switch frame {
    case .xArbitraryZVertical:
      return filter.orientation6D
    case .xArbitraryCorrectedZVertical:
      guard hasField else { return filter.orientation6D }
      return Self.rotationAboutVertical(
        filter.headingOffset6DToENU - (arbitraryCorrectedOffset ?? 0))
        * filter.orientation6D
    case .xMagneticNorthZVertical:
      // ENU → x north, y west, z up is a −90° turn about z.
      return Self.rotationAboutVertical(-Double.pi / 2) * filter.orientation
    case .xTrueNorthZVertical:
      // Magnetic north lies `declination` east of true north: turn the magnetic frame back by it.
      let declination = (self.declination ?? 0) * Double.pi / 180
      return Self.rotationAboutVertical(-Double.pi / 2 - declination) * filter.orientation
    }
  }

  private func accuracy(hasSample: Bool) -> DeviceMotion.MagneticFieldCalibrationAccuracy {
    guard hasSample else { return .uncalibrated }
    return filter.magneticFieldAccuracy
  }

  static func rotationAboutVertical(_ angle: Double) -> Quaternion {
    Quaternion(w: cos(angle / 2), x: 0, y: 0, z: sin(angle / 2))
  }
}
