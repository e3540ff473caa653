/// One fused device-motion update, like Core Motion's `CMDeviceMotion`: the attitude and the split of the
/// measured acceleration into gravity and user acceleration, from gyroscope, accelerometer and (optionally)
/// magnetometer.
public struct DeviceMotion: Sendable, Hashable, Codable {
  /// How far the magnetometer-based heading can be trusted, like `CMMagneticFieldCalibrationAccuracy`.
  ///
  /// It is ``headingAccuracy`` in levels (``high`` up to 4°, ``medium`` up to 12°; see
  /// ``OrientationFilter/magneticFieldAccuracy``), no better than the online
  /// ``MagnetometerCalibrator``'s own confidence (from the rotations it has seen and how well its model
  /// fits them), and at most ``medium`` while a magnetic disturbance is being rejected. On the BROAD
  /// trials ``high`` rows are within 5° of the truth and ``medium`` rows within 15° on most rows; the
  /// MagnetometerCalibration article gives the measured figures.
  public enum MagneticFieldCalibrationAccuracy: Int, Sendable, Hashable, Codable, Comparable {
    /// No magnetometer, or not calibrated yet (too little rotation seen): the heading is not usable.
    case uncalibrated = -1
    /// A rough calibration, or a heading bound over 12°: the heading may be off by tens of degrees.
    case low = 0
    /// A heading good to about 15° (bound up to 12°), or a magnetic disturbance being rejected.
    case medium = 1
    /// A heading good to about 5° (bound up to 4°), in an undisturbed field.
    case high = 2

    /// Orders from least (``uncalibrated``) to most (``high``) trusted.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// A magnetic field together with how far it can be trusted, like `CMCalibratedMagneticField`.
  public struct CalibratedMagneticField: Sendable, Hashable, Codable {
    /// The field in µT in device axes with the hard and soft iron removed by the online calibration (as
    /// measured when device motion does not calibrate); zero without a magnetometer.
    public var field: MagneticField
    /// How far the heading derived from this field can be trusted.
    public var accuracy: MagneticFieldCalibrationAccuracy

    /// Creates a field (µT) with its accuracy.
    public init(field: MagneticField, accuracy: MagneticFieldCalibrationAccuracy) {
      self.field = field
      self.accuracy = accuracy
    }
  }

  /// The device's orientation relative to the requested ``AttitudeReferenceFrame``.
  public var attitude: Attitude
  /// The gravity direction in device axes, in g with Core Motion's sign: flat and face up it is (0, 0, −1).
  /// Its length is always 1 g.
  public var gravity: Acceleration
  /// The acceleration the user gives the device, in g in device axes: measured acceleration minus ``gravity``.
  public var userAcceleration: Acceleration
  /// The gyroscope's rotation rate in rad/s in device axes with the estimated bias removed.
  public var rotationRate: RotationRate
  /// The latest magnetometer field in µT (held between samples of a slower magnetometer) with its
  /// calibration accuracy.
  public var magneticField: CalibratedMagneticField
  /// The heading in degrees (0…<360), clockwise seen from above from the frame's north (its x axis) to the
  /// device's yaw: 0 when the attitude matches the frame. `nil` unless the frame is north-referenced
  /// (``AttitudeReferenceFrame/xMagneticNorthZVertical`` or ``AttitudeReferenceFrame/xTrueNorthZVertical``)
  /// and a magnetometer is present.
  public var heading: Double?
  /// How far ``heading`` can be off, in degrees, with Core Location's meaning for `CLHeading.headingAccuracy`:
  /// a bound the heading's error stays within (the true heading lies within ``heading`` ± this), or
  /// negative when the heading is not valid (no heading, no magnetometer, or the calibration has not
  /// converged yet). Values from the fusion filter are predictions checked against optical ground truth;
  /// see the MagnetometerCalibration article for how often the bound holds.
  public var headingAccuracy: Double
  /// The time of the samples this update was computed from, in seconds (the sensors' clock).
  public var timestamp: Double

  /// Creates a device-motion value from its parts; units as documented on each property.
  public init(
    attitude: Attitude,
    gravity: Acceleration,
    userAcceleration: Acceleration,
    rotationRate: RotationRate,
    magneticField: CalibratedMagneticField,
    heading: Double?,
    headingAccuracy: Double = -1,
    timestamp: Double
  ) {
    self.attitude = attitude
    self.gravity = gravity
    self.userAcceleration = userAcceleration
    self.rotationRate = rotationRate
    self.magneticField = magneticField
    self.heading = heading
    self.headingAccuracy = headingAccuracy
    self.timestamp = timestamp
  }

  private enum CodingKeys: String, CodingKey {
    case attitude, gravity, userAcceleration, rotationRate, magneticField, heading, headingAccuracy,
      timestamp
  }

  /// Decodes a device-motion value; one encoded before ``headingAccuracy`` existed decodes with −1 (not valid).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    attitude = try container.decode(Attitude.self, forKey: .attitude)
    gravity = try container.decode(Acceleration.self, forKey: .gravity)
    userAcceleration = try container.decode(Acceleration.self, forKey: .userAcceleration)
    rotationRate = try container.decode(RotationRate.self, forKey: .rotationRate)
    magneticField = try container.decode(CalibratedMagneticField.self, forKey: .magneticField)
    heading = try container.decodeIfPresent(Double.self, forKey: .heading)
    headingAccuracy = try container.decodeIfPresent(Double.self, forKey: .headingAccuracy) ?? -1
    timestamp = try container.decode(Double.self, forKey: .timestamp)
  }
}
