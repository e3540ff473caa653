import ComposableMotion
import ComposableSensorsTesting
import SensorsTestSupport
import Testing

/// A replay on a `TestClock` is a script: however a test moves time (one big step, many small
/// ones, uneven ones), every stream receives exactly the recording's rows, in order, and
/// nothing is dropped, run after run.
@Suite(.timeLimit(.minutes(2))) struct MotionReplayDeterminismTests {
  /// 20 s at 100 Hz: 2,001 rows, t = 0, 0.01, …, 20 (the recording in issue 9's report).
  static let recording = makeRecording(rows: 2001)
  /// 2 s at 100 Hz, for the loops that repeat a pattern many times.
  static let short = makeRecording(rows: 201)

  static func makeRecording(rows: Int) -> IMURecording {
    var csv = "t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z,mag_x,mag_y,mag_z\n"
    for row in 0..<rows {
      let phase = Double(row) / 100
      csv += "\(Double(row) / 100),0.01,-0.02,\(phase / 100),0.1,0.2,9.81,20,-5,-40\n"
    }
    // The CSV above is well formed by construction; a failure here is a parser bug.
    return (try? IMURecording(csv: csv)) ?? IMURecording(samples: [], hasMagnetometer: false)
  }

  /// Plays the 20 s recording to its end, moving time in `steps`, and returns what one
  /// accelerometer consumer received (its timestamps) and what the client says it dropped.
  static func accelerometerTimestamps(
    _ recording: IMURecording = recording, steps: [Duration], bufferLimit: Int = 256
  ) async throws -> (timestamps: [Double], dropped: Int) {
    let clock = TestClock()
    let motion = MotionClient.replay(recording: recording, clock: clock, bufferLimit: bufferLimit)
    await motion.create(id: "replay")
    let updates = motion.startAccelerometerUpdates(id: "replay")
    let consumer = Task {
      var timestamps: [Double] = []
      for try await sample in updates { timestamps.append(sample.timestamp) }
      return timestamps
    }
    for step in steps { await clock.advance(by: step) }
    let timestamps = try await consumer.value
    let dropped = motion.droppedSamples(id: "replay", sensor: .accelerometer)
    await motion.destroy(id: "replay")
    return (timestamps, dropped)
  }

  static var expected: [Double] { recording.samples.map(\.time) }

  /// The example of the "Testing with clocks" article, kept compiling and passing here.
  @Test func replayOnATestClock() async throws {
    let clock = TestClock()
    let motion = MotionClient.replay(
      recording: try IMURecording(
        csv: """
          t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z
          0.00,0,0,0,0,0,9.80665
          0.01,0,0,0,0,0,9.80665
          """),
      clock: clock)
    await motion.create(id: "table")
    let samples = Task {
      try await motion.startAccelerometerUpdates(id: "table").reduce(into: []) {
        $0.append($1.timestamp)
      }
    }
    await clock.advance(by: .seconds(1))  // past the last row: the stream finishes
    #expect(try await samples.value == [0, 0.01])
    #expect(motion.droppedSamples(id: "table", sensor: .accelerometer) == 0)
    await motion.destroy(id: "table")
  }

  @Test func oneBigAdvanceOverTwentySecondsDeliversAll2001Rows() async throws {
    #expect(Self.recording.samples.count == 2001)
    for run in 1...3 {
      let (timestamps, dropped) = try await Self.accelerometerTimestamps(steps: [.seconds(22)])
      #expect(timestamps == Self.expected, "run \(run)")
      #expect(dropped == 0, "run \(run)")
    }
  }

  @Test(.tags(.stress)) func oneBigAdvanceDeliversEveryRowInFiftyRuns() async throws {
    let expected = Self.short.samples.map(\.time)
    for run in 1...50 {
      let (timestamps, dropped) = try await Self.accelerometerTimestamps(
        Self.short, steps: [.seconds(3)])
      #expect(timestamps == expected, "run \(run)")
      #expect(dropped == 0, "run \(run)")
    }
  }

  @Test func tenMillisecondStepsDeliverWhatOneBigStepDelivers() async throws {
    let steps = Array(repeating: Duration.milliseconds(10), count: 2001)
    let (timestamps, dropped) = try await Self.accelerometerTimestamps(steps: steps)
    #expect(timestamps == Self.expected)
    #expect(dropped == 0)
  }

  @Test func unevenStepsAndATinyBufferLoseNothing() async throws {
    // Steps of 7 ms, 1.3 s and 0: never on a row's instant, sometimes hundreds of rows at once,
    // through a buffer of 2 samples that makes the replay wait for its consumer all the time.
    let pattern: [Duration] = [.milliseconds(7), .milliseconds(1300), .zero, .milliseconds(993)]
    let steps = Array(repeating: pattern, count: 2).flatMap { $0 }
    let expected = Self.short.samples.map(\.time)
    for run in 1...20 {
      let (timestamps, dropped) = try await Self.accelerometerTimestamps(
        Self.short, steps: steps, bufferLimit: 2)
      #expect(timestamps == expected, "run \(run)")
      #expect(dropped == 0, "run \(run)")
    }
  }

  @Test func everySensorAndDeviceMotionGetTheSameRowsFromOneBigAdvance() async throws {
    var reference: [[Double]]?
    let expected = Self.short.samples.map(\.time)
    for run in 1...20 {
      let clock = TestClock()
      let motion = MotionClient.replay(recording: Self.short, clock: clock, bufferLimit: 8)
      await motion.create(id: "replay")
      let accelerometer = motion.startAccelerometerUpdates(id: "replay")
      let gyro = motion.startGyroUpdates(id: "replay")
      let magnetometer = motion.startMagnetometerUpdates(id: "replay")
      let fused = motion.startDeviceMotionUpdates(id: "replay", using: .xMagneticNorthZVertical)
      async let a = accelerometer.reduce(into: []) { $0.append($1.timestamp) }
      async let g = gyro.reduce(into: []) { $0.append($1.timestamp) }
      async let m = magnetometer.reduce(into: []) { $0.append($1.timestamp) }
      async let d = fused.reduce(into: []) { $0.append($1.timestamp) }
      await clock.advance(by: .seconds(3))
      let received = try await [a, g, m, d]
      #expect(received[0] == expected, "run \(run)")
      #expect(received[1] == expected, "run \(run)")
      #expect(received[2] == expected, "run \(run)")
      #expect(received[3].count > 190, "run \(run): 100 Hz device motion from 100 Hz rows")
      if let reference {
        #expect(received == reference, "run \(run) differs from run 1")
      } else {
        reference = received
      }
      for sensor in MotionService.allCases {
        #expect(motion.droppedSamples(id: "replay", sensor: sensor) == 0)
      }
      await motion.destroy(id: "replay")
    }
  }
}

/// The scenario at full length, many times: 50 single advances over the 20 s recording,
/// and 50 runs of uneven steps through a tiny buffer. Seconds of work: a stress step.
@Suite(.tags(.stress), .timeLimit(.minutes(5))) struct MotionReplayDeterminismStressTests {
  @Test func fiftyBigAdvancesOverTwentySecondsDeliverAll2001RowsEachTime() async throws {
    let expected = MotionReplayDeterminismTests.expected
    for run in 1...50 {
      let (timestamps, dropped) = try await MotionReplayDeterminismTests.accelerometerTimestamps(
        steps: [.seconds(22)])
      #expect(timestamps == expected, "run \(run)")
      #expect(dropped == 0, "run \(run)")
    }
  }

  @Test func fiftyUnevenPatternsThroughATinyBufferLoseNothing() async throws {
    let pattern: [Duration] = [.milliseconds(3), .seconds(4), .zero, .milliseconds(2_711)]
    let steps = Array(repeating: pattern, count: 4).flatMap { $0 }
    for run in 1...50 {
      let (timestamps, dropped) = try await MotionReplayDeterminismTests.accelerometerTimestamps(
        steps: steps, bufferLimit: 1)
      #expect(timestamps == MotionReplayDeterminismTests.expected, "run \(run)")
      #expect(dropped == 0, "run \(run)")
    }
  }
}
