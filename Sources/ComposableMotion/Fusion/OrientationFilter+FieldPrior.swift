// The Earth's field the magnetometer calibration may assume, set on the filter that owns it.
extension OrientationFilter {
  /// What the magnetometer calibration assumes of the Earth's field where the device is (see
  /// ``MagneticFieldPrior``), or `nil` without a calibrator. Setting it (for example from a
  /// location fix, with `MagneticFieldPrior(position:at:)`) judges later fits against it; without a
  /// calibrator it does nothing. Setting `nil` changes nothing; `.earthWide` forgets a location.
  public var magneticFieldPrior: MagneticFieldPrior? {
    get { magnetometerCalibrator?.fieldPrior }
    set {
      guard let newValue else { return }
      magnetometerCalibrator?.fieldPrior = newValue
    }
  }
}
