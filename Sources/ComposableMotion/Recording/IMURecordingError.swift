/// Why an IMU recording could not be read. Lines and columns are 1-based, as a text editor shows them.
public enum IMURecordingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file could not be opened or read.
  case unreadableFile(path: String, reason: String)
  /// The input has no header line.
  case empty
  /// A required column is not in the header.
  case missingColumn(name: String, header: [String])
  /// A row has fewer cells than the header has columns.
  case missingCells(line: Int, expected: Int, found: Int)
  /// A cell that must hold a finite number does not.
  case nonNumericCell(line: Int, column: Int, name: String, text: String)
  /// A sensor's three cells in a row are neither all filled nor all empty (`sensor` is one
  /// member of ``IMURecording/Sensors``).
  case partialSensor(line: Int, sensor: IMURecording.Sensors)
  /// A row has a time but no sensor values: every sensor's cells are empty.
  case emptyRow(line: Int)
  /// A row's time is not later than the previous row's time, in seconds.
  case nonIncreasingTime(line: Int, previous: Double, current: Double)
  /// Line `line` is longer than `limit` bytes: not a CSV of IMU rows, or endless input such as
  /// `/dev/zero`. `excerpt` is the line's start, at most 40 characters.
  case lineTooLong(line: Int, limit: Int, excerpt: String)

  /// A message a person can act on.
  public var description: String {
    switch self {
    case .unreadableFile(let path, let reason):
      return "cannot read \(path): \(reason)"
    case .empty:
      return
        "the recording is empty: expected a header line such as t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z"
    case .missingColumn(let name, let header):
      return
        "line 1: the header has no column \"\(name)\" (found: \(header.joined(separator: ","))); "
        + "required: t and the three columns of at least one sensor: gyr_x, gyr_y, gyr_z "
        + "(gyroscope), acc_x, acc_y, acc_z (accelerometer), mag_x, mag_y, mag_z (magnetometer)"
    case .missingCells(let line, let expected, let found):
      return "line \(line): \(found) cells, but the header has \(expected) columns"
    case .nonNumericCell(let line, let column, let name, let text):
      return "line \(line), column \(column) (\(name)): \"\(text)\" is not a finite number"
    case .partialSensor(let line, let sensor):
      let columns = sensor.columnNames
      return "line \(line): the \(sensor) cells \(columns.joined(separator: ", ")) must be all "
        + "filled or all empty"
    case .emptyRow(let line):
      return
        "line \(line): the row has a time but no values; give at least one sensor's three cells"
    case .nonIncreasingTime(let line, let previous, let current):
      return "line \(line): time \(current) s is not after the previous row's \(previous) s; "
        + "rows must be in strictly increasing time"
    case .lineTooLong(let line, let limit, let excerpt):
      return "line \(line) is longer than \(limit) bytes (it begins \"\(excerpt)\"): "
        + "not a CSV of IMU rows, or endless input such as /dev/zero"
    }
  }
}
