import ComposableSensorsTesting
import Foundation
import Testing

@testable import ComposableMotion

/// Replaying a file as it is read (`MotionClient.replay(contentsOf:)`): the same rows, in the
/// same order, as the recording in memory, with only a few rows parsed ahead, and a bad row
/// further on ending the streams with its typed error after the rows before it.
@Suite(.timeLimit(.minutes(2))) struct MotionClientFileReplayTests {
  /// A CSV file in the temporary directory, removed by ``remove()``.
  struct TemporaryCSV {
    let path: String

    init(_ text: String) throws {
      path =
        FileManager.default.temporaryDirectory
        .appendingPathComponent("file-replay-\(UUID().uuidString).csv").path
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
  }

  static let header = "t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z,mag_x,mag_y,mag_z\n"

  /// `rows` rows at 100 Hz from t = 0, as CSV text after the header.
  static func rows(_ rows: Range<Int>) -> String {
    rows.map { "\(Double($0) / 100),0.01,-0.02,0.001,0.1,0.2,9.81,20,-5,-40\n" }.joined()
  }

  /// What one accelerometer consumer receives from `motion` while the clock moves in `steps`:
  /// the timestamps, and the error that ended the stream, if any.
  static func accelerometer(
    _ motion: MotionClient, clock: TestClock, steps: [Duration]
  ) async -> (timestamps: [Double], error: MotionError?) {
    await motion.create(id: "file")
    let updates = motion.startAccelerometerUpdates(id: "file")
    let consumer = Task { () -> ([Double], MotionError?) in
      var timestamps: [Double] = []
      do {
        for try await sample in updates { timestamps.append(sample.timestamp) }
      } catch let error as MotionError {
        return (timestamps, error)
      } catch {
        return (timestamps, nil)
      }
      return (timestamps, nil)
    }
    for step in steps { await clock.advance(by: step) }
    let result = await consumer.value
    await motion.destroy(id: "file")
    return (result.0, result.1)
  }

  @Test func aFileReplaysEveryRowInOrderLikeTheRecordingInMemory() async throws {
    let csv = try TemporaryCSV(Self.header + Self.rows(0..<2001))
    defer { csv.remove() }
    let expected = try IMURecording(contentsOf: csv.path).samples.map(\.time)
    // Uneven steps through a 2-sample buffer and a 3-row look-ahead: the replay waits for its
    // consumer and refills its window hundreds of times.
    let pattern: [Duration] = [.milliseconds(7), .milliseconds(1300), .zero, .milliseconds(993)]
    let steps = Array(repeating: pattern, count: 10).flatMap { $0 }
    for run in 1...3 {
      let clock = TestClock()
      let motion = try MotionClient.replay(
        contentsOf: csv.path, clock: clock, bufferLimit: 2, lookAhead: 3)
      let (timestamps, error) = await Self.accelerometer(motion, clock: clock, steps: steps)
      #expect(timestamps == expected, "run \(run)")
      #expect(error == nil, "run \(run)")
      #expect(motion.droppedSamples(id: "file", sensor: .accelerometer) == 0)
    }
  }

  @Test func onlyTheLookAheadIsParsedBeyondTheRowAskedFor() throws {
    let csv = try TemporaryCSV(Self.header + Self.rows(0..<100))
    defer { csv.remove() }
    let reader = try IMURecordingReader(path: csv.path)
    let rows = ReplayRows(path: csv.path, reader: reader, lookAhead: 4, maximumLineLength: 1024)
    #expect(rows.row(at: 0) == .row(try #require(Self.sample(0))))
    // Rows 0 to 3 are parsed, no further; the end is not known yet.
    #expect(rows.extent == ReplayRows.Extent(count: nil, lastOffset: 0.03))
    #expect(rows.row(at: 5) == .row(try #require(Self.sample(5))))
    #expect(rows.extent == ReplayRows.Extent(count: nil, lastOffset: 0.07))
    #expect(rows.row(at: 99) == .row(try #require(Self.sample(99))))
    #expect(rows.row(at: 100) == .end)
    #expect(rows.extent.count == 100)
    // Going back to the first row reads the file again.
    #expect(rows.row(at: 0) == .row(try #require(Self.sample(0))))
  }

  static func sample(_ row: Int) -> IMURecording.Sample? {
    try? IMURecording(csv: header + rows(row..<(row + 1))).samples.first
  }

  @Test func aMalformedRowMidFileEndsTheStreamWithItsErrorAfterTheRowsBefore() async throws {
    let csv = try TemporaryCSV(
      Self.header + Self.rows(0..<5) + "0.05,0.01,-0.02,0.001,oops,0.2,9.81,20,-5,-40\n"
        + Self.rows(6..<10))
    defer { csv.remove() }
    let clock = TestClock()
    let motion = try MotionClient.replay(contentsOf: csv.path, clock: clock, lookAhead: 2)
    let (timestamps, error) = await Self.accelerometer(
      motion, clock: clock, steps: [.seconds(1)])
    #expect(timestamps == [0, 0.01, 0.02, 0.03, 0.04])
    #expect(
      error
        == .recordingUnreadable(
          name: csv.path, .nonNumericCell(line: 7, column: 5, name: "acc_x", text: "oops")))
  }

  @Test func aLineTooLongMidFileIsATypedErrorQuotingAShortExcerpt() async throws {
    let csv = try TemporaryCSV(
      Self.header + Self.rows(0..<3) + String(repeating: "7", count: 10_000) + "\n")
    defer { csv.remove() }
    let clock = TestClock()
    let motion = try MotionClient.replay(
      contentsOf: csv.path, clock: clock, maximumLineLength: 1024, name: "long.csv")
    let (timestamps, error) = await Self.accelerometer(
      motion, clock: clock, steps: [.seconds(1)])
    #expect(timestamps == [0, 0.01, 0.02])
    guard
      case .recordingUnreadable("long.csv", .lineTooLong(let line, let limit, let excerpt)) = error
    else {
      Issue.record("expected a line too long, got \(String(describing: error))")
      return
    }
    #expect(line == 5)
    #expect(limit == 1024)
    #expect(excerpt.count <= 41)
    #expect(try #require(error).description.count < 300)
  }

  @Test func aBadHeaderOrFirstRowThrowsWhenTheClientIsMade() throws {
    let noSensors = try TemporaryCSV("t,x\n0,1\n")
    defer { noSensors.remove() }
    #expect(throws: IMURecordingError.self) {
      _ = try MotionClient.replay(contentsOf: noSensors.path)
    }
    let badFirstRow = try TemporaryCSV(Self.header + "0,a,b,c,d,e,f,g,h,i\n")
    defer { badFirstRow.remove() }
    #expect(throws: IMURecordingError.nonNumericCell(line: 2, column: 2, name: "gyr_x", text: "a"))
    {
      _ = try MotionClient.replay(contentsOf: badFirstRow.path)
    }
  }

  @Test func aStartAfterTheEndPlaysTheFileAgainFromItsFirstRow() async throws {
    let csv = try TemporaryCSV(Self.header + Self.rows(0..<50))
    defer { csv.remove() }
    let clock = TestClock()
    // Through the file URL overload of ComposableSensorsFoundation.
    let motion = try MotionClient.replay(
      contentsOf: URL(fileURLWithPath: csv.path), clock: clock, lookAhead: 8)
    let expected = (0..<50).map { Double($0) / 100 }
    let first = await Self.accelerometer(motion, clock: clock, steps: [.seconds(1)])
    let second = await Self.accelerometer(motion, clock: clock, steps: [.seconds(1)])
    #expect(first.timestamps == expected)
    #expect(second.timestamps == expected)
    #expect(first.error == nil && second.error == nil)
  }

  /// Starts the accelerometer, then the gyroscope half-way (the hub restarts the reader for the
  /// new sensor set), and returns what each received.
  static func restartedMidWay(_ motion: MotionClient, clock: TestClock) async throws
    -> [[Double]]
  {
    await motion.create(id: "file")
    let accelerometer = motion.startAccelerometerUpdates(id: "file")
    async let a = accelerometer.reduce(into: [Double]()) { $0.append($1.timestamp) }
    await clock.waitForSleepers()
    for _ in 0..<25 { await clock.advance(by: .milliseconds(10)) }
    let gyro = motion.startGyroUpdates(id: "file")
    async let g = gyro.reduce(into: [Double]()) { $0.append($1.timestamp) }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    let received = try await [a, g]
    await motion.destroy(id: "file")
    return received
  }

  @Test func aReaderRestartedMidWayGoesOnLikeTheRecordingInMemory() async throws {
    let text = Self.header + Self.rows(0..<60)
    let csv = try TemporaryCSV(text)
    defer { csv.remove() }
    let memoryClock = TestClock()
    let inMemory = try await Self.restartedMidWay(
      MotionClient.replay(recording: IMURecording(csv: text), clock: memoryClock),
      clock: memoryClock)
    let fileClock = TestClock()
    let fromFile = try await Self.restartedMidWay(
      MotionClient.replay(contentsOf: csv.path, clock: fileClock, lookAhead: 3), clock: fileClock)
    #expect(fromFile == inMemory)
    #expect(fromFile[0] == (0..<60).map { Double($0) / 100 }, "no row repeated or lost")
    #expect(fromFile[1].last == 0.59)
  }
}
