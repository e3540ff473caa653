import ComposableLocation
import ComposableMotion
import Foundation
import LinuxIIO

extension SensorsDemo {
  /// `sensors-demo capture`: the live clients, wrapped so that what they deliver is written to
  /// `DIR/imu.csv` (``MotionRecorder``) and `DIR/gpsd.jsonl` (``GPSDCaptureWriter``), run by
  /// ``CaptureFeature`` until `--seconds`, q or Ctrl-C; then the files are completed and a line
  /// on standard error says what they hold.
  static func capture(_ arguments: DemoArguments, mode: OutputMode) async -> Int32 {
    let directory = arguments.out ?? "."
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
    } catch {
      StandardError.write(
        "sensors-demo: cannot create the capture directory \(directory): \(error.localizedDescription)"
      )
      return 1
    }
    let capturesMotion = !arguments.locationOnly && arguments.readsLiveMotion
    let capturesLocation = !arguments.motionOnly && arguments.readsLiveLocation
    var sources: [String] = []

    // A half that is not captured is never started, so its client is never called: an empty
    // replay stands in.
    var motion = MotionClient.replay(recording: IMURecording(samples: [], sensors: []))
    var sensors: [SensorFeature.Sensor] = []
    var recorder: MotionRecorder?
    let imuPath = directory + "/imu.csv"
    if capturesMotion {
      let root = arguments.iioRoot ?? IIOSystem.defaultRoot
      let source: Sources.Source<MotionClient>
      switch Sources.liveMotion(root: root, mode: arguments.mode) {
      case .success(let live): source = live
      case .failure(let error):
        StandardError.write("sensors-demo: \(error.description)")
        return 1
      }
      sensors = SensorFeature.Sensor.allCases.filter {
        source.client.isAvailable(MotionService($0.motionSensor))
      }
      do {
        let started = try MotionRecorder(path: imuPath, sensors: columns(for: sensors))
        recorder = started
        motion = source.client.recording(to: started)
      } catch {
        StandardError.write("sensors-demo: \(error.description)")
        return 1
      }
      sources.append("\(source.description) → \(imuPath)")
    }

    var location = LocationClient.replay(capture: [])
    var capture: GPSDCaptureWriter?
    let gpsdPath = directory + "/gpsd.jsonl"
    if capturesLocation {
      do {
        let writer = try GPSDCaptureWriter(path: gpsdPath)
        capture = writer
        let source = Sources.liveLocation(arguments.gpsd, capture: writer)
        location = source.client
        sources.append("\(source.description) → \(gpsdPath)")
      } catch {
        StandardError.write("sensors-demo: \(error.description)")
        return 1
      }
    }

    var runner = FeatureRunner<CaptureFeature.State, CaptureFeature.Action>(
      description: describe(arguments, sources.joined(separator: "\n"), kind: .live),
      presentation: CaptureFeature.presentation,
      start: (capturesMotion ? [.startMotion] : [])
        + (capturesLocation ? [.location(.onAppear)] : []),
      stop: { _ in [.stopMotion, .location(.onDisappear)] },
      isFinished: \.isFinished,
      failure: { state, _ in
        state.motionError ?? state.location.error.map(LocationFeature.message(for:))
      })
    runner.timeLimit = arguments.seconds.map { .seconds($0) }
    runner.endedMessage = { _ in "the sources stopped" }
    let status = await runner.run(
      initialState: CaptureFeature.State(
        sensors: sensors, interval: arguments.interval.map { .seconds($0) },
        capturesLocation: capturesLocation),
      reducer: CaptureFeature(motion: motion, location: location), mode: mode)
    // A failed run has said why in one line; the files are completed all the same.
    return finish(
      recorder: recorder, imuPath: imuPath, capture: capture, gpsdPath: gpsdPath,
      reports: status != 1) ?? status
  }

  /// Completes the files and, when `reports`, says what they hold; a status of 1 when one could
  /// not be written.
  private static func finish(
    recorder: MotionRecorder?, imuPath: String, capture: GPSDCaptureWriter?, gpsdPath: String,
    reports: Bool
  ) -> Int32? {
    var failed = false
    if let recorder {
      do {
        let summary = try recorder.finish()
        let late = summary.lateSamples > 0 ? " (\(summary.lateSamples) late samples left out)" : ""
        if reports {
          StandardError.write(
            "sensors-demo: captured \(summary.rows) rows (\(summary.samples) samples) to "
              + "\(imuPath)\(late)")
        }
      } catch {
        StandardError.write("sensors-demo: \(error.description)")
        failed = true
      }
    }
    if let capture {
      do {
        try capture.close()
        if reports {
          StandardError.write(
            "sensors-demo: captured \(capture.lineCount) gpsd lines to \(gpsdPath)")
        }
      } catch {
        StandardError.write("sensors-demo: \(error.description)")
        failed = true
      }
    }
    return failed ? 1 : nil
  }

  /// The recording's columns for the sensors read.
  private static func columns(for sensors: [SensorFeature.Sensor]) -> IMURecording.Sensors {
    var columns: IMURecording.Sensors = []
    for sensor in sensors {
      switch sensor {
      case .accelerometer: columns.insert(.accelerometer)
      case .gyro: columns.insert(.gyroscope)
      case .magnetometer: columns.insert(.magnetometer)
      }
    }
    return columns
  }
}
