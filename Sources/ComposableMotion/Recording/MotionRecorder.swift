import Synchronization

/// Records what a live ``MotionClient`` delivers to an IMU recording, for
/// ``MotionClient/replay(recording:clock:bufferLimit:magneticDeclination:name:)`` to play back:
/// capture on the device, reproduce in a test.
///
/// A recorder taps a client (``MotionClient/recording(to:)``) or drives one itself
/// (``MotionClient/record(_:to:id:interval:)``). Every accelerometer, gyroscope and magnetometer
/// sample becomes a cell of the row at its timestamp, so samples read together from one device
/// share a row, and sensors of different devices get rows of their own. Values are converted
/// back to the recording's units exactly: replaying the file gives the very samples the
/// client delivered, bit for bit, timestamps included.
///
/// ```swift
/// let recorder = try MotionRecorder(path: "imu.csv", sensors: [.accelerometer, .gyroscope])
/// let motion = MotionClient.live().recording(to: recorder)
/// // … run the app with `motion` …
/// let summary = try recorder.finish()
/// ```
///
/// Memory is bounded: rows wait only until every running stream has passed their time, at
/// most `reorderingLimit` of them. A failing disk never disturbs the client's streams: the
/// recording stops and ``finish()`` throws the error.
public final class MotionRecorder: Sendable {
  /// What a recording holds, and what it could not hold.
  public struct Summary: Sendable, Hashable {
    /// Rows written.
    public var rows = 0
    /// Sensor samples received (a row holds one to three).
    public var samples = 0
    /// Samples not written because their row was already written (a stream that lagged more
    /// than the reordering limit behind the others).
    public var lateSamples = 0
    /// Samples seen twice at the same instant (two managers receiving one sensor), written once.
    public var duplicateSamples = 0
    /// Rows the format cannot hold (a NaN or an infinity from a hand-made client), not written.
    public var rejectedRows = 0

    /// Creates an empty summary.
    public init() {}
  }

  private enum Phase {
    case recording
    case failed(IMURecordingWriteError)
    case finished
  }

  private struct Core {
    var merger: RowMerger
    var phase = Phase.recording
    var summary = Summary()

    var currentSummary: Summary {
      var summary = summary
      summary.lateSamples = merger.lateSamples
      summary.duplicateSamples = merger.duplicateSamples
      return summary
    }
  }

  /// The writer the rows go to.
  public let writer: IMURecordingWriter
  private let core: Mutex<Core>

  /// Records to `writer`.
  ///
  /// - Parameters:
  ///   - writer: the CSV the rows go to.
  ///   - reorderingLimit: the most rows held while waiting for a slower stream (4096 rows: 4 s of
  ///     a 1 kHz IMU).
  public init(writer: IMURecordingWriter, reorderingLimit: Int = 4096) {
    self.writer = writer
    self.core = Mutex(Core(merger: RowMerger(limit: reorderingLimit)))
  }

  /// Records to a new CSV at `path` with columns for `sensors` (see ``IMURecordingWriter``).
  public convenience init(path: String, sensors: IMURecording.Sensors)
    throws(IMURecordingWriteError)
  {
    self.init(writer: try IMURecordingWriter(path: path, sensors: sensors))
  }

  /// What has been recorded so far.
  public var summary: Summary {
    core.withLock { $0.currentSummary }
  }

  /// Writes the rows still held and closes the file; returns what was recorded. Throws the
  /// error that stopped the recording, if one did. Samples arriving afterwards are ignored.
  @discardableResult
  public func finish() throws(IMURecordingWriteError) -> Summary {
    let summary = try core.withLock { core throws(IMURecordingWriteError) -> Summary in
      switch core.phase {
      case .failed(let error):
        core.phase = .finished
        try? writer.close()
        throw error
      case .finished:
        break
      case .recording:
        write(core.merger.drain(), into: &core)
        if case .failed(let error) = core.phase {
          core.phase = .finished
          try? writer.close()
          throw error
        }
        core.phase = .finished
        try writer.close()
      }
      return core.currentSummary
    }
    return summary
  }

  /// Opens a lane for a stream that starts delivering samples.
  func openLane() -> Int {
    core.withLock { $0.merger.openLane() }
  }

  /// Closes the lane of a stream that ended.
  func closeLane(_ lane: Int) {
    core.withLock { core in
      guard case .recording = core.phase else { return }
      write(core.merger.closeLane(lane), into: &core)
    }
  }

  /// Records one sensor's values (recording units) at `time` seconds, from `lane`.
  func record(_ sensor: IMURecording.Sensors, _ values: SIMD3<Double>, time: Double, lane: Int) {
    core.withLock { core in
      guard case .recording = core.phase else { return }
      core.summary.samples += 1
      write(core.merger.add(sensor, values, time: time, lane: lane), into: &core)
    }
  }

  /// Writes final rows in order, under the lock, so rows of every stream stay ordered. A row
  /// the format refuses (a hand-made NaN) is skipped; a file error stops the recording.
  private func write(_ rows: [IMURecording.Sample], into core: inout Core) {
    for row in rows {
      do throws(IMURecordingWriteError) {
        try writer.write(row)
        core.summary.rows += 1
      } catch {
        switch error {
        case .nonFiniteValue, .nonIncreasingTime, .sensorsNotRecorded, .emptySample:
          core.summary.rejectedRows += 1
        case .fileError, .closed, .noSensors:
          core.phase = .failed(error)
          return
        }
      }
    }
  }
}
