/// The commands of `sensors-demo`.
enum DemoCommand: String, CaseIterable, Sendable {
  /// No command: the dashboard of device motion and location.
  case dashboard
  /// Record gravity · userAcceleration (composable-core-motion's example).
  case record
  /// The tilt detector.
  case tilt
  /// The bouncing block.
  case bouncer
  /// Location from gpsd or a capture.
  case location
  /// Fused device motion.
  case motion
  /// The IIO devices of this machine.
  case devices
  /// Raw accelerometer samples.
  case accelerometer
  /// Raw gyroscope samples.
  case gyro
  /// Raw magnetometer samples.
  case magnetometer
  /// Record the live sensors and gpsd to files a replay plays back.
  case capture
  /// The World Magnetic Model's field at a place and date.
  case magneticField = "magnetic-field"
  /// The screen orientation iio-sensor-proxy reports.
  case orientation

  /// The options the command accepts (`--help` is always accepted). Every command that reads
  /// data takes the same source options (`--live`, `--bundled`, `--replay`, `--speed`) and the
  /// same limits (`--seconds`, `--count`) and output (`--json`).
  var options: Set<DemoOption> {
    let run: Set<DemoOption> = [.live, .bundled, .replay, .speed, .seconds, .count, .json]
    let motion = run.union([.iioRoot, .iiod, .mode])
    let location = run.union([.gpsd])
    switch self {
    case .dashboard: return motion.union(location).union([.replayIMU, .replayGPSD, .frame])
    case .record, .tilt, .bouncer: return motion
    case .motion: return motion.union([.frame])
    case .accelerometer, .gyro, .magnetometer: return motion.union([.interval])
    case .location: return location.union([.geoclue])
    case .orientation: return [.seconds, .count, .json]
    case .devices: return [.live, .bundled, .iioRoot, .json]
    case .magneticField: return [.latitude, .longitude, .altitude, .date, .json]
    case .capture:
      return [
        .live, .iioRoot, .gpsd, .mode, .interval, .seconds, .json, .out, .motionOnly,
        .locationOnly,
      ]
    }
  }
}

/// Every option of every command.
enum DemoOption: String, CaseIterable, Sendable {
  case help, json, live, bundled
  case iioRoot = "iio-root"
  case gpsd, replay, iiod
  case replayIMU = "replay-imu"
  case replayGPSD = "replay-gpsd"
  case frame, seconds, speed, count, mode, interval, out, geoclue
  case motionOnly = "motion-only"
  case locationOnly = "location-only"
  case latitude, longitude, altitude, date

  /// Whether the option takes a value.
  var takesValue: Bool {
    switch self {
    case .help, .json, .live, .bundled, .motionOnly, .locationOnly, .geoclue: false
    default: true
    }
  }
}
