/// How the live client reads an IIO device.
public enum MotionReadingMode: String, Sendable, Hashable, Codable, CaseIterable {
  /// Buffered (kernel timestamps, any rate) when the device streams the channels needed,
  /// polling otherwise.
  case automatic
  /// Always poll the sysfs attributes, paced by the client's clock.
  case polling
  /// Always stream from `/dev/iio:deviceN`; a device without a buffer fails the stream with
  /// ``MotionError/readerFailed(_:_:)``.
  case buffered
}
