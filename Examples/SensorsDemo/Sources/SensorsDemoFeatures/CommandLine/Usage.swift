/// The `--help` text of every command.
public enum Usage {
  static let motionSources = """
      --live               read the IIO sensors under /sys/bus/iio/devices
      --iio-root DIR       read the IIO sensors under DIR (tests, chroots, umockdev)
      --replay FILE        replay an IMU recording (CSV: t,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z[,mag_x,mag_y,mag_z]; s, rad/s, m/s², µT)
      --bundled            replay the bundled recording (20 s of a BROAD trial)
      --speed X            replay X times faster than real time (default 1)
    """
  static let common = """
      --count N            stop after N updates
      --json               one JSON object per line per event
      -h, --help           show this help
    """
  static let keys =
    "On a terminal the view is redrawn in place; q or Ctrl-C quits. Piped, it prints plain lines."

  /// The help text for `command`.
  public static func text(for command: DemoCommand) -> String {
    switch command {
    case .dashboard: dashboard
    case .record:
      motionCommand(
        "record",
        "Record gravity · userAcceleration (g²) of every device-motion update, with a sparkline.\nSpace starts and stops recording on a terminal; piped, recording starts at once."
      )
    case .tilt:
      motionCommand(
        "tilt",
        "Detect frontal (gravity z beyond ±0.25 g) and lateral (gravity x beyond ±0.125 g) tilt,\neach debounced for 0.25 s, from device motion at 60 Hz; \"vertical\" when neither."
      )
    case .bouncer:
      motionCommand(
        "bouncer",
        "A block falls the way the accelerometer's gravity pulls and bounces off the edges\n(elasticity 0.85); accelerometer at 50 Hz."
      )
    case .motion: motion
    case .accelerometer, .gyro, .magnetometer: sensor(command)
    case .location: location
    case .devices: devices
    }
  }

  static let dashboard = """
    sensors-demo — Core Motion and Core Location, the Composable Architecture way, on Linux.

    USAGE: sensors-demo [options]
           sensors-demo COMMAND [options]      (sensors-demo COMMAND --help for each)

    With no command, shows a dashboard of device motion (attitude, tilt, gravity) and location
    (fix, position, satellites) replaying the bundled recordings: 20 s of a BROAD IMU trial
    (CC-BY-4.0) and a gpsd capture of a real receiver (BSD-2). Piped, it stops after 6 s.

    COMMANDS:
      record          gravity · userAcceleration while recording (composable-core-motion's example)
      tilt            the tilt detector, debounced on an injected clock
      bouncer         a block bouncing the way gravity pulls
      motion          fused device motion: attitude, gravity, user acceleration, heading
      accelerometer   raw accelerometer samples (g)
      gyro            raw gyroscope samples (rad/s)
      magnetometer    raw magnetometer samples (µT)
      location        fixes, accuracy, speed, course and satellites from gpsd
      devices         the IIO devices, channels, units, scales and mount matrices

    OPTIONS:
      --live               live sensors: IIO under /sys/bus/iio/devices and gpsd at $GPSD_HOST:$GPSD_PORT
                           (default 127.0.0.1:2947)
      --iio-root DIR       live motion from the IIO devices under DIR
      --gpsd HOST[:PORT]   live location from gpsd at HOST:PORT
      --replay-imu FILE    replay this IMU recording instead of the bundled one
      --replay-gpsd FILE   replay this gpspipe -w capture instead of the bundled one
      --frame FRAME        attitude frame: xArbitraryZVertical (default), xArbitraryCorrectedZVertical,
                           xMagneticNorthZVertical, xTrueNorthZVertical
      --seconds N          stop after N seconds (default: 6 when piped, until q on a terminal)
      --speed X            replay X times faster than real time (default 1)
      --json               one JSON object per line per event
      -h, --help           show this help

    \(keys)
    """

  static func motionCommand(_ name: String, _ summary: String) -> String {
    """
    USAGE: sensors-demo \(name) [--live | --iio-root DIR | --replay FILE | --bundled] [--count N] [--json]

    \(summary)

    OPTIONS:
    \(motionSources)
    \(common)

    Without a source option it reads the live sensors under /sys/bus/iio/devices.
    \(keys)
    """
  }

  static let motion = """
    USAGE: sensors-demo motion [--live | --iio-root DIR | --replay FILE | --bundled] [--frame FRAME] [--count N] [--json]

    Fused device motion: attitude (roll, pitch, yaw), gravity and user acceleration (g), rotation
    rate (rad/s) and heading (degrees, in north-referenced frames). JSON angles are in radians.

    OPTIONS:
    \(motionSources)
      --frame FRAME        xArbitraryZVertical (default), xArbitraryCorrectedZVertical,
                           xMagneticNorthZVertical, xTrueNorthZVertical
    \(common)

    Without a source option it reads the live sensors under /sys/bus/iio/devices.
    \(keys)
    """

  static func sensor(_ command: DemoCommand) -> String {
    let unit = SensorFeature.Sensor(rawValue: command.rawValue)?.unit ?? ""
    return """
      USAGE: sensors-demo \(command.rawValue) [--live | --iio-root DIR | --replay FILE | --bundled] [--mode poll|buffered]
             [--interval SECONDS] [--count N] [--json]

      Raw \(command.rawValue) samples in Core Motion units (\(unit)); with --json one object per sample:
      {"event":"\(command.rawValue)","x":…,"y":…,"z":…,"timestamp":…}

      OPTIONS:
      \(motionSources)
        --mode poll|buffered force one way of reading live sensors (default: buffered when the device can)
        --interval SECONDS   the update interval (default 0.01)
      \(common)

      Without a source option it reads the live sensors under /sys/bus/iio/devices.
      \(keys)
      """
  }

  static let location = """
    USAGE: sensors-demo location [--gpsd HOST[:PORT] | --replay FILE | --bundled] [--count N] [--json]

    Authorization, fix, position, accuracy, speed, course and satellites from gpsd. With --json,
    one object per event: {"event":"location","latitude":…,"longitude":…,…},
    {"event":"authorization","status":…}, {"event":"satellites",…}, {"event":"error","message":…}.

    OPTIONS:
      --gpsd HOST[:PORT]   gpsd's address (default $GPSD_HOST:$GPSD_PORT, else 127.0.0.1:2947)
      --replay FILE        replay a capture recorded with `gpspipe -w > FILE`
      --bundled            replay the bundled capture (gpsd's haicom-305N regression log)
      --speed X            replay X times faster than real time (default 1)
      --count N            stop after N locations
      --json               one JSON object per line per event
      -h, --help           show this help

    Without a source option it connects to gpsd. \(keys)
    """

  static let devices = """
    USAGE: sensors-demo devices [--iio-root DIR] [--json]

    Lists the IIO devices: channels, units, scale, offset, scan types, mount matrix and the
    reading modes (poll, buffered) each supports.

    OPTIONS:
      --iio-root DIR       look under DIR instead of /sys/bus/iio/devices
      --json               one JSON object per device and per channel
      -h, --help           show this help
    """
}
