/// The IIO devices ``SampleData`` describes for `umockdev-run` (see
/// ``SampleData/umockdevDevice(_:)``). Their channels carry values but no buffered scans, so
/// read them with the polling mode.
public enum UmockdevDevice: String, CaseIterable, Sendable {
  /// An ADIS16480 IMU: accelerometer, gyroscope and magnetometer (device motion with heading),
  /// plus pressure and temperature.
  case adis16480 = "pyadi-adis16480"
  /// An ADXL355 accelerometer.
  case adxl355 = "pyadi-adxl355"
  /// An LSM6DSOX accelerometer and gyroscope (device motion without heading).
  case lsm6dsox = "forum-lsm6dsox"
}
