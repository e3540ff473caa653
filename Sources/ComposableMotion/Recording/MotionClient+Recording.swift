import SensorsCore

extension MotionClient {
  /// This client, with every accelerometer, gyroscope and magnetometer sample its streams
  /// deliver also written to `recorder`.
  ///
  /// The recording holds what the consumers received, as they pull it: run the app on the
  /// returned client and the capture replays to the same samples. Only the raw sensors the
  /// recorder's writer has columns for are recorded; device motion is fused from the raw
  /// sensors inside the client and is not recorded (start the raw sensors too, as
  /// ``record(_:to:id:interval:)`` does, to replay device motion). Streams started on several
  /// managers are recorded once per instant.
  ///
  /// ```swift
  /// let recorder = try MotionRecorder(path: "imu.csv", sensors: .all)
  /// let motion = MotionClient.live().recording(to: recorder)
  /// ```
  public func recording(to recorder: MotionRecorder) -> MotionClient {
    var client = self
    for sensor in MotionSensor.allCases
    where recorder.writer.sensors.contains(IMURecording.Sensors(sensor)) {
      client.tap(sensor, into: recorder)
    }
    return client
  }

  /// Replaces `sensor`'s `start…` endpoint with one whose samples are also written to
  /// `recorder`, in the recording's units. The switch is exhaustive: a new raw sensor does not
  /// compile until it is recorded.
  private mutating func tap(_ sensor: MotionSensor, into recorder: MotionRecorder) {
    switch sensor {
    case .accelerometer:
      startAccelerometerUpdates = Self.tapped(startAccelerometerUpdates, sensor, recorder) {
        let g = $0.acceleration
        return (CoreMotionUnits.specificForce(fromG: SIMD3(g.x, g.y, g.z)), $0.timestamp)
      }
    case .gyro:
      startGyroUpdates = Self.tapped(startGyroUpdates, sensor, recorder) {
        let rate = $0.rotationRate
        return (SIMD3(rate.x, rate.y, rate.z), $0.timestamp)
      }
    case .magnetometer:
      startMagnetometerUpdates = Self.tapped(startMagnetometerUpdates, sensor, recorder) {
        let field = $0.magneticField
        return (SIMD3(field.x, field.y, field.z), $0.timestamp)
      }
    }
  }

  /// `start`, with every sample its streams deliver also recorded as `sensor`'s `values`.
  private static func tapped<Sample: Sendable>(
    _ start: @escaping @Sendable (AnyHashableSendable) -> AsyncThrowingStream<Sample, any Error>,
    _ sensor: MotionSensor, _ recorder: MotionRecorder,
    values: @escaping @Sendable (Sample) -> (values: SIMD3<Double>, time: Double)
  ) -> @Sendable (AnyHashableSendable) -> AsyncThrowingStream<Sample, any Error> {
    { id in
      RecordingTap.stream(
        { start(id) }, sensor: IMURecording.Sensors(sensor), recorder: recorder, values: values)
    }
  }

  /// Drains manager `id`'s stream of `sensor` until it ends; throws its failure.
  private func drain(_ sensor: MotionSensor, id: AnyHashableSendable) async throws {
    switch sensor {
    case .accelerometer: for try await _ in startAccelerometerUpdates(id) {}
    case .gyro: for try await _ in startGyroUpdates(id) {}
    case .magnetometer: for try await _ in startMagnetometerUpdates(id) {}
    }
  }

  /// Records `sensors` to `recorder` on a manager of its own until the task is cancelled or
  /// every stream ends, then stops and destroys the manager. The caller ends a recording by
  /// cancelling the task, then calls ``MotionRecorder/finish()``.
  ///
  /// ```swift
  /// let recorder = try MotionRecorder(path: "imu.csv", sensors: [.accelerometer, .gyroscope])
  /// let capture = Task { try await motion.record(recorder.writer.sensors, to: recorder) }
  /// try await Task.sleep(for: .seconds(60))
  /// capture.cancel()
  /// _ = await capture.result
  /// let summary = try recorder.finish()
  /// ```
  ///
  /// - Parameters:
  ///   - sensors: the sensors to start; each must be available (a missing one fails with
  ///     ``MotionError/sensorUnavailable(_:searched:skipped:)``).
  ///   - recorder: where the samples go; its writer needs columns for `sensors`.
  ///   - id: the manager to use; any id the app does not use.
  ///   - interval: the update interval of every sensor, or nil for the client's default (10 ms).
  /// - Throws: the first stream's ``MotionError`` (the other streams are stopped).
  public func record(
    _ sensors: IMURecording.Sensors, to recorder: MotionRecorder,
    id: AnyHashableSendable = AnyHashableSendable("MotionRecorder"),
    interval: Duration? = nil
  ) async throws(MotionError) {
    let tapped = recording(to: recorder)
    await create(id)
    let started = MotionSensor.allCases.filter { sensors.contains(IMURecording.Sensors($0)) }
    if let interval {
      for sensor in started { await setUpdateInterval(id, MotionService(sensor), interval) }
    }
    let failure = await withTaskGroup(of: MotionError?.self) { group -> MotionError? in
      for sensor in started {
        group.addTask {
          do {
            try await tapped.drain(sensor, id: id)
            return nil
          } catch let error as MotionError {
            return error
          } catch {
            return nil
          }
        }
      }
      for await result in group {
        if let result {
          group.cancelAll()
          return result
        }
      }
      return nil
    }
    await destroy(id)
    if let failure { throw failure }
  }
}
