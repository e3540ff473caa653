/// Which edge of the screen is up, as iio-sensor-proxy reports it from the accelerometer
/// (`AccelerometerOrientation`): what a UI rotates to.
public enum ScreenOrientation: String, Hashable, Sendable, CaseIterable {
  /// The proxy has no reading yet (or the device lies flat since it started).
  case undefined
  /// The screen's natural orientation, top edge up.
  case normal
  /// Upside down.
  case bottomUp = "bottom-up"
  /// Rotated so the left edge is up.
  case leftUp = "left-up"
  /// Rotated so the right edge is up.
  case rightUp = "right-up"
}
