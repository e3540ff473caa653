#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Why an ``IMURecordingWriter`` could not write a recording. Rows are counted from 1, after the
/// header, as `imu-fuse` counts them.
public enum IMURecordingWriteError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A system call on the file failed: `operation` is `open`, `write` or `close`, `errno` its
  /// error number (`ENOSPC` for a full disk, `EACCES` for a directory you may not write).
  case fileError(path: String, operation: String, errno: Int32)
  /// A writer needs at least one sensor's columns.
  case noSensors
  /// The row's time is not after the previous row's, in seconds: a recording's rows are in
  /// strictly increasing time.
  case nonIncreasingTime(row: Int, previous: Double, current: Double)
  /// A value (`column` names it: `t`, `acc_y`…) is NaN or infinite, which the format cannot hold.
  case nonFiniteValue(row: Int, column: String, value: Double)
  /// The sample has values for sensors the writer has no columns for.
  case sensorsNotRecorded(row: Int, sensors: IMURecording.Sensors, recorded: IMURecording.Sensors)
  /// The sample has no value for any sensor.
  case emptySample(row: Int)
  /// The writer was closed before this call.
  case closed(path: String)

  /// A message a person can act on.
  public var description: String {
    switch self {
    case .fileError(let path, let operation, let code):
      let reason = String(cString: strerror(code))
      return "cannot write \(path): \(operation) failed: \(reason) (errno \(code))"
    case .noSensors:
      return "an IMU recording needs the columns of at least one sensor "
        + "(gyroscope, accelerometer or magnetometer)"
    case .nonIncreasingTime(let row, let previous, let current):
      return "row \(row): time \(current) s is not after the previous row's \(previous) s; "
        + "rows must be written in strictly increasing time"
    case .nonFiniteValue(let row, let column, let value):
      return
        "row \(row): \(column) is \(value), which a recording cannot hold (finite numbers only)"
    case .sensorsNotRecorded(let row, let sensors, let recorded):
      return "row \(row) has \(sensors) values, but the recording has columns for \(recorded) "
        + "only: create the writer with every sensor you will write"
    case .emptySample(let row):
      return "row \(row) has no sensor values"
    case .closed(let path):
      return "\(path) was already closed"
    }
  }
}
