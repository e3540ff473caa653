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
    replay(
      rows: ReplayRows(samples: recording.samples),
      sensors: recording.samples.isEmpty ? [] : recording.sensors, clock: clock,
      bufferLimit: bufferLimit, magneticDeclination: magneticDeclination, name: name)
  }

  /// A client that plays the IMU recording at `path` as it reads it: the same replay as
  /// ``replay(recording:clock:bufferLimit:magneticDeclination:name:)``, but memory does not
  /// depend on the file's size (the reader's 64 KiB line buffer and `lookAhead` parsed rows).
  ///
  /// The header and first row are read now, so a file that cannot be opened, has no usable
  /// header or whose first row is malformed throws here. A problem further on (a malformed
  /// row, a line too long, endless input such as `/dev/zero`) ends every stream with
  /// ``MotionError/recordingUnreadable(name:_:)`` after the rows before it were delivered.
  /// Each play-through from the first row reads the file again.
  ///
  /// One difference from a recording in memory: before the file's end has been read, a reader
  /// started when the clock is already past the rows read so far goes on from the rows due then
  /// (finishing at once if none are left), where a recording in memory would start again.
  ///
  /// ```swift
  /// let motion = try MotionClient.replay(contentsOf: "walk.csv", clock: ContinuousClock())
  /// ```
  ///
  /// - Parameters:
  ///   - path: the CSV (see ``IMURecording`` for the format and units).
  ///   - clock: paces the rows (a `TestClock` in tests, `ContinuousClock()` for real time).
  ///   - bufferLimit: samples each stream holds for a slow consumer before the replay waits.
  ///   - lookAhead: rows parsed ahead of the clock at most (at least 1).
  ///   - maximumLineLength: the longest line accepted, in bytes.
  ///   - magneticDeclination: degrees east, enabling ``AttitudeReferenceFrame/xTrueNorthZVertical``.
  ///   - name: how errors name the source; the path when nil.
  public static func replay(
    contentsOf path: String,
    clock: any Clock<Duration> = ContinuousClock(),
    bufferLimit: Int = 256,
    lookAhead: Int = 256,
    maximumLineLength: Int = IMURecordingReader.defaultMaximumLineLength,
    magneticDeclination: Double? = nil,
    name: String? = nil
  ) throws(IMURecordingError) -> MotionClient {
    let reader = try IMURecordingReader(path: path, maximumLineLength: maximumLineLength)
    let sensors = reader.sensors
    let rows = ReplayRows(
      path: path, reader: reader, lookAhead: lookAhead, maximumLineLength: maximumLineLength)
    if case .failed(let error) = rows.row(at: 0) { throw error }
    let hasRows = rows.firstTime() != nil
    return replay(
      rows: rows, sensors: hasRows ? sensors : [], clock: clock, bufferLimit: bufferLimit,
      magneticDeclination: magneticDeclination, name: name ?? path)
  }

  private static func replay(
    rows: ReplayRows, sensors: IMURecording.Sensors, clock: any Clock<Duration>,
    bufferLimit: Int, magneticDeclination: Double?, name: String
  ) -> MotionClient {
    var routes: [MotionSensor: String] = [:]
    for sensor in MotionSensor.allCases where sensors.contains(IMURecording.Sensors(sensor)) {
      routes[sensor] = "recording"
    }
    let timeline = ReplayTimeline(clock: clock, rows: rows, name: name)
    var backend = MotionBackend(
      searched: name, routes: routes, magneticDeclination: magneticDeclination
    ) { (_, events) async throws(MotionError) in
      try await timeline.play(into: events)
    }
    backend.waitsForConsumers = true
    backend.prepare = { _ in timeline.anchor() }
    return MotionClient(backend: backend, bufferLimit: bufferLimit)
  }
}
