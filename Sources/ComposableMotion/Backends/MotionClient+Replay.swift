import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension MotionClient {
  /// A client that plays a recording back as if it were the device's sensors, paced by `clock`.
  ///
  /// All three sensors come from one reader (one recorded IMU): a row's `t` becomes each
  /// sample's timestamp, its m/s² and µT are converted to Core Motion units like live data,
  /// and the magnetometer is available only when the recording has magnetometer columns.
  /// Device motion is fused from the rows with the same estimator as the live client.
  ///
  /// The recording plays on one timeline that starts with the first `start…`: a row is
  /// delivered when `clock` has advanced by its offset from the first row. A reader restarted
  /// mid-way (a new subscriber, a changed interval) resumes at the row due now, as a live
  /// sensor would; a start after the end plays the recording again from its first row. When
  /// the rows run out, every stream finishes normally.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let motion = MotionClient.replay(recording: try IMURecording(contentsOf: url), clock: clock)
  /// ```
  ///
  /// - Parameters:
  ///   - recording: the rows to play (see ``IMURecording`` for the CSV format and units).
  ///   - clock: paces the rows (a `TestClock` in tests, `ContinuousClock()` for real time).
  ///   - bufferLimit: samples each stream keeps for a slow consumer before dropping the oldest.
  ///   - magneticDeclination: degrees east, enabling ``AttitudeReferenceFrame/xTrueNorthZVertical``.
  ///   - name: how errors name the source (for example the file's path).
  public static func replay(
    recording: IMURecording,
    clock: any Clock<Duration> = ContinuousClock(),
    bufferLimit: Int = 256,
    magneticDeclination: Double? = nil,
    name: String = "the replayed recording"
  ) -> MotionClient {
    var routes: [MotionSensor: String] = [:]
    if !recording.samples.isEmpty {
      routes = [.accelerometer: "recording", .gyro: "recording"]
      if recording.hasMagnetometer { routes[.magnetometer] = "recording" }
    }
    let timeline = ReplayTimeline(clock: clock, samples: recording.samples)
    let backend = MotionBackend(
      searched: name, routes: routes, magneticDeclination: magneticDeclination
    ) { _, events in
      try await timeline.play(into: events)
    }
    return MotionClient(backend: backend, bufferLimit: bufferLimit)
  }
}

/// The shared timeline of a replay: when it started on the clock, and how to play the rows
/// due from now on.
private final class ReplayTimeline: Sendable {
  private let clock: any Clock<Duration>
  private let samples: [IMURecording.Sample]
  // The clock's instant is an associated type; the start is kept type-erased with its clock.
  private let start = Mutex<(any Sendable)?>(nil)

  init(clock: any Clock<Duration>, samples: [IMURecording.Sample]) {
    self.clock = clock
    self.samples = samples
  }

  /// A row's offset from the first as a `Duration`, held within ±10¹⁵ s (about 30 million
  /// years): a recording's absurd but finite time (1e300) means "never", where converting it
  /// as it is would trap.
  static func offset(_ seconds: Double) -> Duration {
    .seconds(min(max(seconds, -1e15), 1e15))
  }

  func play(into events: MotionBackend.ReaderEvents) async throws {
    try await clock.play(self, into: events)
  }

  /// Plays the rows due from now on `clock` (the opened `any Clock`).
  fileprivate func play<C: Clock<Duration>>(on clock: C, into events: MotionBackend.ReaderEvents)
    async throws
  {
    guard let first = samples.first, let last = samples.last else { return }
    let length = Self.offset(last.time - first.time)
    let origin: C.Instant = start.withLock { stored in
      let now = clock.now
      if let previous = stored as? C.Instant, previous.duration(to: now) <= length {
        return previous
      }
      stored = now
      return now
    }
    // Resume at the first row not yet due, so a restarted reader does not replay the past.
    let elapsed = seconds(origin.duration(to: clock.now))
    var index = samples.partitionPoint { $0.time - first.time < elapsed }
    while index < samples.count {
      let row = samples[index]
      let due = origin.advanced(by: Self.offset(row.time - first.time))
      try await clock.sleep(until: due, tolerance: nil)
      events.scan(
        CoreMotionUnits.scan(
          acceleration: row.accelerometer, angularVelocity: row.gyroscope,
          magneticField: row.magnetometer, magneticFieldInMicrotesla: true, timestamp: row.time))
      index += 1
    }
  }
}

extension Clock where Duration == Swift.Duration {
  /// Opens an `any Clock<Duration>` so the timeline can use its concrete `Instant`.
  fileprivate func play(_ timeline: ReplayTimeline, into events: MotionBackend.ReaderEvents)
    async throws
  {
    try await timeline.play(on: self, into: events)
  }
}

extension Array {
  /// The index of the first element for which `isBefore` is false, for a partitioned array.
  fileprivate func partitionPoint(_ isBefore: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if isBefore(self[middle]) { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
