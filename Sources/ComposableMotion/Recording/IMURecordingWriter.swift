import SensorsCore
import Synchronization

/// Writes an IMU recording (the CSV format of ``IMURecording``) one sample at a time, through a
/// fixed-size buffer: memory does not grow with the recording's length.
///
/// Values are written exactly: each `Double` as its shortest round-trip decimal (Swift's
/// `description`), so ``IMURecordingReader`` and ``IMURecording`` read back the very same bits.
/// The header names `t` and the columns of `sensors` (gyroscope, accelerometer, magnetometer, in
/// that order); a row leaves a sensor's cells empty when the sample has no value for it.
///
/// ```swift
/// let writer = try IMURecordingWriter(path: "imu.csv", sensors: [.accelerometer])
/// try writer.write(IMURecording.Sample(
///   time: 0.01, gyroscope: nil, accelerometer: SIMD3(0, 0, 9.80665), magnetometer: nil))
/// try writer.close()
/// ```
///
/// The writer is `Sendable`: one lock orders the rows of every caller. To record a live
/// ``MotionClient``, see ``MotionRecorder``.
public final class IMURecordingWriter: Sendable {
  private enum Phase {
    case open(FileSink)
    case failed(IMURecordingWriteError)
    case closed
  }

  private struct State {
    var phase: Phase
    var rows = 0
    var previous: Double?
  }

  /// The sensors the recording has columns for.
  public let sensors: IMURecording.Sensors
  /// The path written, as given (for messages).
  public let path: String
  private let state: Mutex<State>

  /// Creates (or truncates) the CSV at `path` and writes its header.
  ///
  /// - Parameters:
  ///   - path: the file to write.
  ///   - sensors: the sensors to have columns for: at least one.
  public convenience init(path: String, sensors: IMURecording.Sensors)
    throws(IMURecordingWriteError)
  {
    guard !sensors.isEmpty else { throw .noSensors }
    let sink: FileSink
    do {
      sink = try FileSink(path: path)
    } catch {
      throw .fileError(path: path, operation: error.operation, errno: error.errno)
    }
    try self.init(sink: sink, path: path, sensors: sensors)
  }

  /// Writes to standard output, which ``close()`` flushes but leaves open.
  ///
  /// - Parameter sensors: the sensors to have columns for: at least one.
  public static func standardOutput(
    sensors: IMURecording.Sensors
  ) throws(IMURecordingWriteError) -> IMURecordingWriter {
    guard !sensors.isEmpty else { throw .noSensors }
    return try IMURecordingWriter(
      sink: FileSink(fileDescriptor: 1), path: "standard output", sensors: sensors)
  }

  private init(sink: sending FileSink, path: String, sensors: IMURecording.Sensors)
    throws(IMURecordingWriteError)
  {
    guard !sensors.isEmpty else { throw .noSensors }
    self.sensors = sensors
    self.path = path
    do {
      try sink.append((["t"] + sensors.columnNames).joined(separator: ",").utf8)
      try sink.append(CollectionOfOne(UInt8(ascii: "\n")))
    } catch {
      throw .fileError(path: path, operation: error.operation, errno: error.errno)
    }
    self.state = Mutex(State(phase: .open(sink)))
  }

  /// The rows written so far (buffered rows included).
  public var rowCount: Int {
    state.withLock(\.rows)
  }

  /// Writes one row. A sample the format cannot hold (a time not after the previous row's, a
  /// NaN, a sensor without columns) is refused with an error and nothing is written; a file
  /// error ends the recording, and every later call throws it again.
  public func write(_ sample: IMURecording.Sample) throws(IMURecordingWriteError) {
    try state.withLock { state throws(IMURecordingWriteError) in
      switch state.phase {
      case .failed(let error): throw error
      case .closed: throw .closed(path: path)
      case .open(let sink):
        let line = try row(sample, number: state.rows + 1, previous: state.previous)
        do throws(FileSink.Failure) {
          try sink.append(line.utf8)
        } catch {
          let failure = IMURecordingWriteError.fileError(
            path: path, operation: error.operation, errno: error.errno)
          state.phase = .failed(failure)
          throw failure
        }
        state.rows += 1
        state.previous = sample.time
      }
    }
  }

  /// Writes the buffered rows to the file.
  public func flush() throws(IMURecordingWriteError) {
    try state.withLock { state throws(IMURecordingWriteError) in
      switch state.phase {
      case .failed(let error): throw error
      case .closed: throw .closed(path: path)
      case .open(let sink):
        do throws(FileSink.Failure) {
          try sink.flush()
        } catch {
          let failure = IMURecordingWriteError.fileError(
            path: path, operation: error.operation, errno: error.errno)
          state.phase = .failed(failure)
          throw failure
        }
      }
    }
  }

  /// Writes the buffered rows and closes the file; throws the first file error of the
  /// recording, if any. Closing twice does nothing.
  public func close() throws(IMURecordingWriteError) {
    try state.withLock { state throws(IMURecordingWriteError) in
      switch state.phase {
      case .closed: return
      case .failed(let error):
        state.phase = .closed
        throw error
      case .open(let sink):
        state.phase = .closed
        do throws(FileSink.Failure) {
          try sink.close()
        } catch {
          throw .fileError(path: path, operation: error.operation, errno: error.errno)
        }
      }
    }
  }

  /// The CSV line of `sample`, checked against the format.
  private func row(
    _ sample: IMURecording.Sample, number: Int, previous: Double?
  ) throws(IMURecordingWriteError) -> String {
    let present = sample.sensors
    guard !present.isEmpty else { throw .emptySample(row: number) }
    guard sensors.isSuperset(of: present) else {
      throw .sensorsNotRecorded(row: number, sensors: present, recorded: sensors)
    }
    guard sample.time.isFinite else {
      throw .nonFiniteValue(row: number, column: "t", value: sample.time)
    }
    if let previous, !(sample.time > previous) {
      throw .nonIncreasingTime(row: number, previous: previous, current: sample.time)
    }
    // Swift's description of a Double is its shortest decimal that reads back to the same bits.
    var line = sample.time.description
    for group in IMURecording.Sensors.groups where sensors.contains(group.sensor) {
      guard let values = sample.values(of: group.sensor) else {
        line += ",,,"
        continue
      }
      for axis in 0..<3 {
        guard values[axis].isFinite else {
          throw .nonFiniteValue(row: number, column: group.columns[axis], value: values[axis])
        }
        line += "," + values[axis].description
      }
    }
    return line + "\n"
  }
}
