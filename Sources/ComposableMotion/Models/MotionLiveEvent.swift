/// Something the live client did on its own that an app may want to show or log; delivered to
/// the `onEvent` handler of
/// ``MotionClient/live(root:deviceDirectory:mode:devices:clock:bufferLimit:magneticDeclination:onEvent:)``.
public enum MotionLiveEvent: Sendable, Hashable {
  /// In automatic mode a buffered device delivered no scan in time (`cause` is
  /// ``MotionError/noScans(_:device:waited:)``), so its sensors are read by polling the sysfs
  /// attributes instead, at the requested interval.
  case fellBackToPolling(sensors: [MotionSensor], device: String, cause: MotionError)
}
