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
  /// and a sensor is available only when the recording has its columns (an
  /// accelerometer-only recording has no gyroscope, and so no device motion). A row whose
  /// cells for a sensor are empty gives that sensor no sample at that instant.
  /// Device motion is fused from the rows with the same estimator as the live client.
  ///
  /// The recording plays on one timeline that starts with the first `start…` call: a row is
  /// delivered when `clock` reaches its offset from the first row. As any sleep on a
  /// `TestClock`, a row due at the very instant its reader starts (the first row, at the
  /// first start) waits for the next advance; rows whose time has passed are delivered at once.
  /// A reader restarted mid-way (a new subscriber, a changed interval) goes on with the rows
  /// due from then on, never repeating one; a start after the end plays the recording again
  /// from its first row. When the rows run out, every stream finishes normally.
  ///
  /// A replay is a file, so it never drops a sample: when a consumer's buffer (`bufferLimit`
  /// samples) is full, the replay waits for it. Every due row is delivered, in order, however
  /// the clock moves: one `advance(by: .seconds(22))` over a 20 s recording delivers exactly
  /// what 2,200 steps of 10 ms deliver.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let motion = MotionClient.replay(recording: try IMURecording(contentsOf: url), clock: clock)
  /// ```
  ///
  /// - Parameters:
  ///   - recording: the rows to play (see ``IMURecording`` for the CSV format and units).
  ///   - clock: paces the rows (a `TestClock` in tests, `ContinuousClock()` for real time).
  ///   - bufferLimit: samples each stream holds for a slow consumer before the replay waits.
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
      let recorded: [(IMURecording.Sensors, MotionSensor)] = [
        (.accelerometer, .accelerometer), (.gyroscope, .gyro), (.magnetometer, .magnetometer),
      ]
      for (columns, sensor) in recorded where recording.sensors.contains(columns) {
        routes[sensor] = "recording"
      }
    }
    let timeline = ReplayTimeline(clock: clock, samples: recording.samples)
    var backend = MotionBackend(
      searched: name, routes: routes, magneticDeclination: magneticDeclination
    ) { (_, events) async throws(MotionError) in
      await timeline.play(into: events)
    }
    backend.waitsForConsumers = true
    backend.prepare = { _ in timeline.anchor() }
    return MotionClient(backend: backend, bufferLimit: bufferLimit)
  }
}

/// The shared timeline of a replay: when it started on the clock, where the latest reader
/// started, and how to play the rows due from there on.
private final class ReplayTimeline: Sendable {
  private let clock: any Clock<Duration>
  private let samples: [IMURecording.Sample]
  /// The timeline's origin and the latest reader's start, as the clock's instants (an
  /// associated type, kept type-erased beside the clock), and the next row not yet delivered.
  private let anchors = Mutex<(origin: any Sendable, start: any Sendable, next: Int)?>(nil)

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

  /// The recording's length, from the first row to the last.
  private var length: Duration {
    guard let first = samples.first, let last = samples.last else { return .zero }
    return Self.offset(last.time - first.time)
  }

  /// Marks a reader's start at `clock.now`, starting the timeline there if it has not started
  /// or has played to its end.
  func anchor() {
    clock.anchor(self)
  }

  fileprivate func anchor<C: Clock<Duration>>(on clock: C) {
    let now = clock.now
    let length = self.length
    anchors.withLock { anchors in
      if let current = anchors, current.next < samples.count,
        let origin = current.origin as? C.Instant, origin.duration(to: now) <= length
      {
        anchors = (origin, now, current.next)
      } else {
        anchors = (now, now, 0)
      }
    }
  }

  /// Plays the rows due from the latest reader's start; returns when they run out or the
  /// task is cancelled.
  func play(into events: MotionBackend.ReaderEvents) async {
    await clock.play(self, into: events)
  }

  /// Plays the rows due from the latest reader's start on `clock` (the opened `any Clock`).
  fileprivate func play<C: Clock<Duration>>(on clock: C, into events: MotionBackend.ReaderEvents)
    async
  {
    guard let first = samples.first else { return }
    let stored = anchors.withLock { $0 }
    guard let stored, let origin = stored.origin as? C.Instant,
      let start = stored.start as? C.Instant
    else { return }
    // Go on from the rows due at this reader's start, never repeating one a predecessor sent.
    let elapsed = seconds(origin.duration(to: start))
    var index = max(stored.next, samples.partitionPoint { $0.time - first.time < elapsed })
    while index < samples.count {
      let row = samples[index]
      let due = origin.advanced(by: Self.offset(row.time - first.time))
      // A row whose time has passed is delivered at once: every due row, in order, however
      // time moved. One due right now waits for the clock, like any sleep until "now".
      if !(due < clock.now) {
        do {
          try await clock.sleep(until: due, tolerance: nil)
        } catch {
          return  // cancelled: the hub stopped this reader
        }
      }
      if Task.isCancelled { return }
      await events.send(
        CoreMotionUnits.scan(
          acceleration: row.accelerometer, angularVelocity: row.gyroscope,
          magneticField: row.magnetometer, magneticFieldInMicrotesla: true, timestamp: row.time))
      index += 1
      let next = index
      anchors.withLock { $0?.next = next }
    }
  }
}

extension Clock where Duration == Swift.Duration {
  /// Opens an `any Clock<Duration>` so the timeline can use its concrete `Instant`.
  fileprivate func play(_ timeline: ReplayTimeline, into events: MotionBackend.ReaderEvents)
    async
  {
    await timeline.play(on: self, into: events)
  }

  fileprivate func anchor(_ timeline: ReplayTimeline) {
    timeline.anchor(on: self)
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
