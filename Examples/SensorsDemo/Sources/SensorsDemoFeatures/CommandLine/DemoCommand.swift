/// The commands of `sensors-demo`.
public enum DemoCommand: String, CaseIterable, Sendable {
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

  /// The options the command accepts (`--help` is always accepted).
  var options: Set<DemoOption> {
    let motionSource: Set<DemoOption> = [.live, .bundled, .iioRoot, .replay, .speed, .count, .json]
    switch self {
    case .dashboard:
      return [.live, .iioRoot, .gpsd, .replayIMU, .replayGPSD, .frame, .seconds, .speed, .json]
    case .record, .tilt, .bouncer: return motionSource
    case .motion: return motionSource.union([.frame])
    case .accelerometer, .gyro, .magnetometer: return motionSource.union([.mode, .interval])
    case .location: return [.gpsd, .replay, .bundled, .speed, .count, .json]
    case .devices: return [.iioRoot, .json]
    }
  }
}

/// Every option of every command.
enum DemoOption: String, CaseIterable, Sendable {
  case help, json, live, bundled
  case iioRoot = "iio-root"
  case gpsd, replay
  case replayIMU = "replay-imu"
  case replayGPSD = "replay-gpsd"
  case frame, seconds, speed, count, mode, interval

  /// Whether the option takes a value.
  var takesValue: Bool {
    switch self {
    case .help, .json, .live, .bundled: false
    default: true
    }
  }
}
