/// A magnetometer calibration: the hard- and soft-iron correction `m = K (raw − b)` with how far it can be
/// trusted, like the calibration Core Motion applies before reporting `CMCalibratedMagneticField`.
///
/// `b` (``hardIron``, µT) is the field the device itself adds (magnetized steel, a speaker); `K`
/// (``softIronCorrection``, dimensionless) undoes the soft iron and scale errors that stretch the Earth's
/// field into an ellipsoid: for a distortion `raw = A m + b`, `K = A⁻¹`. ``MagnetometerCalibrator`` learns
/// one online; save it with ``textLine`` and give it back through ``init(textLine:)`` after a restart, so
/// the device does not start uncalibrated.
///
/// ```swift
/// let calibration = try MagnetometerCalibration(textLine: savedLine)
/// let field = calibration.apply(rawField)  // µT, device axes
/// ```
public struct MagnetometerCalibration: Sendable, Hashable {
  /// The hard-iron offset `b` in µT, device axes: subtracted from the raw field first.
  public var hardIron: SIMD3<Double>
  /// The soft-iron correction `K` (the inverse of the distortion matrix), by rows: applied after
  /// removing ``hardIron``. Identity means no soft iron.
  public var softIronCorrection: Rows
  /// How far the calibration can be trusted.
  public var accuracy: DeviceMotion.MagneticFieldCalibrationAccuracy
  /// The strength in µT of the Earth's field the calibration was learned in (after correction), or 0 if
  /// unknown; a field far from it is treated as disturbed.
  public var fieldStrength: Double
  /// The dip (inclination) in degrees of that field, positive when it points below the horizon, as in the
  /// northern hemisphere.
  public var dip: Double

  /// A 3 × 3 matrix by rows, dimensionless.
  public struct Rows: Sendable, Hashable {
    /// The first row (gives the corrected x component).
    public var x: SIMD3<Double>
    /// The second row (gives the corrected y component).
    public var y: SIMD3<Double>
    /// The third row (gives the corrected z component).
    public var z: SIMD3<Double>

    /// The identity: no correction.
    public static let identity = Rows(x: SIMD3(1, 0, 0), y: SIMD3(0, 1, 0), z: SIMD3(0, 0, 1))

    /// Creates a matrix from its rows.
    public init(x: SIMD3<Double>, y: SIMD3<Double>, z: SIMD3<Double>) {
      self.x = x
      self.y = y
      self.z = z
    }
  }

  /// No correction and no trust: what a magnetometer reports before it has been calibrated.
  public static let uncalibrated = MagnetometerCalibration(
    hardIron: .zero, softIronCorrection: .identity, accuracy: .uncalibrated)

  /// Creates a calibration.
  ///
  /// - Parameters:
  ///   - hardIron: the offset `b` in µT.
  ///   - softIronCorrection: the correction `K`, dimensionless.
  ///   - accuracy: how far it can be trusted.
  ///   - fieldStrength: the corrected Earth's field strength in µT, 0 if unknown.
  ///   - dip: the field's dip in degrees (positive below the horizon).
  public init(
    hardIron: SIMD3<Double>, softIronCorrection: Rows,
    accuracy: DeviceMotion.MagneticFieldCalibrationAccuracy, fieldStrength: Double = 0,
    dip: Double = 0
  ) {
    self.hardIron = hardIron
    self.softIronCorrection = softIronCorrection
    self.accuracy = accuracy
    self.fieldStrength = fieldStrength
    self.dip = dip
  }

  /// The corrected field in µT for a raw field in µT: `K (raw − b)`.
  @inline(__always)
  public func apply(_ raw: SIMD3<Double>) -> SIMD3<Double> {
    let centred = raw - hardIron
    let k = softIronCorrection
    return SIMD3(dot(k.x, centred), dot(k.y, centred), dot(k.z, centred))
  }
}
