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
    let recorded = recorder.writer.sensors
    if recorded.contains(.accelerometer) {
      let start = startAccelerometerUpdates
      client.startAccelerometerUpdates = { id in
        RecordingTap.stream(
          { start(id) }, sensor: .accelerometer, recorder: recorder,
          values: { sample in
            let g = sample.acceleration
            return (CoreMotionUnits.specificForce(fromG: SIMD3(g.x, g.y, g.z)), sample.timestamp)
          })
      }
    }
    if recorded.contains(.gyroscope) {
      let start = startGyroUpdates
      client.startGyroUpdates = { id in
        RecordingTap.stream(
          { start(id) }, sensor: .gyroscope, recorder: recorder,
          values: { sample in
            let rate = sample.rotationRate
            return (SIMD3(rate.x, rate.y, rate.z), sample.timestamp)
          })
      }
    }
    if recorded.contains(.magnetometer) {
      let start = startMagnetometerUpdates
      client.startMagnetometerUpdates = { id in
        RecordingTap.stream(
          { start(id) }, sensor: .magnetometer, recorder: recorder,
          values: { sample in
            let field = sample.magneticField
            return (SIMD3(field.x, field.y, field.z), sample.timestamp)
          })
      }
    }
    return client
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
    let started: [(IMURecording.Sensors, MotionSensor)] = [
      (.accelerometer, .accelerometer), (.gyroscope, .gyro), (.magnetometer, .magnetometer),
    ].filter { sensors.contains($0.0) }
    if let interval {
      for (_, sensor) in started { await setUpdateInterval(id, sensor, interval) }
    }
    let failure = await withTaskGroup(of: MotionError?.self) { group -> MotionError? in
      for (columns, _) in started {
        group.addTask {
          do {
            switch columns {
            case .accelerometer: for try await _ in tapped.startAccelerometerUpdates(id) {}
            case .gyroscope: for try await _ in tapped.startGyroUpdates(id) {}
            default: for try await _ in tapped.startMagnetometerUpdates(id) {}
            }
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
