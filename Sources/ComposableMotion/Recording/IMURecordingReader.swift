import SensorsCore

/// Reads an IMU recording (the CSV format of ``IMURecording``) one sample at a time, holding only
/// a fixed-size buffer: memory does not depend on the file's size, and endless or binary input
/// (`/dev/zero`) ends with ``IMURecordingError/lineTooLong(line:limit:excerpt:)``.
///
/// ```swift
/// let reader = try IMURecordingReader(path: "trial.csv")
/// while let sample = try reader.next() { filter.update(sample) }
/// ```
///
/// Use it for files of any size and for pipes (`imu-fuse` and
/// ``MotionClient/replay(contentsOf:clock:bufferLimit:lookAhead:maximumLineLength:magneticDeclination:name:)``
/// read through it); ``IMURecording`` holds a whole recording in memory.
public final class IMURecordingReader {
  /// The longest line accepted by default, in bytes (64 KiB: a row is about 200 bytes).
  public static let defaultMaximumLineLength = 64 * 1024

  /// The sensors the header has columns for.
  public let sensors: IMURecording.Sensors
  /// Whether the header has magnetometer columns.
  public var hasMagnetometer: Bool { sensors.contains(.magnetometer) }
  private let lines: LineReader
  private var parser: IMURecordingParser

  /// Opens the CSV at `path` (a file, FIFO or `/dev/stdin`) and reads its header.
  ///
  /// - Parameters:
  ///   - path: the recording to read.
  ///   - maximumLineLength: the longest line accepted, in bytes.
  public convenience init(
    path: String, maximumLineLength: Int = defaultMaximumLineLength
  ) throws(IMURecordingError) {
    let lines: LineReader
    do {
      lines = try LineReader(path: path, maximumLineLength: maximumLineLength)
    } catch {
      throw IMURecordingError(error)
    }
    try self.init(lines: lines)
  }

  /// Reads from standard input, which is not closed afterwards.
  ///
  /// - Parameter maximumLineLength: the longest line accepted, in bytes.
  public static func standardInput(
    maximumLineLength: Int = defaultMaximumLineLength
  ) throws(IMURecordingError) -> IMURecordingReader {
    try IMURecordingReader(
      lines: LineReader(
        fileDescriptor: 0, name: "standard input", maximumLineLength: maximumLineLength))
  }

  private init(lines: LineReader) throws(IMURecordingError) {
    self.lines = lines
    let header: IMURecordingParser?
    do {
      header = try lines.nextLine { bytes in try IMURecordingParser(header: bytes) }
    } catch let error as IMURecordingError {
      throw error
    } catch let error as LineReader.Failure {
      throw IMURecordingError(error)
    } catch {
      throw .unreadableFile(path: lines.path, reason: "\(error)")
    }
    guard let header else { throw .empty }
    self.parser = header
    self.sensors = header.sensors
  }

  /// The next sample, or nil at the end of the input. Empty lines are skipped.
  public func next() throws(IMURecordingError) -> IMURecording.Sample? {
    while true {
      let line = lines.lineNumber + 1
      let result: IMURecording.Sample??
      do {
        result = try lines.nextLine { bytes in try parser.sample(from: bytes, line: line) }
      } catch let error as IMURecordingError {
        throw error
      } catch let error as LineReader.Failure {
        throw IMURecordingError(error)
      } catch {
        throw .unreadableFile(path: lines.path, reason: "\(error)")
      }
      switch result {
      case .none: return nil
      case .some(.none): continue
      case .some(.some(let sample)): return sample
      }
    }
  }
}

extension IMURecordingError {
  init(_ failure: LineReader.Failure) {
    switch failure {
    case .unreadable(let path, _, _):
      self = .unreadableFile(path: path, reason: failure.reason)
    case .lineTooLong(let line, let limit, let excerpt):
      self = .lineTooLong(line: line, limit: limit, excerpt: excerpt)
    }
  }
}
