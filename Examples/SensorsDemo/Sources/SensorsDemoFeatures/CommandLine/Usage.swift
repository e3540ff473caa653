/// The `--help` text of every command.
enum Usage {
  static let motionSources = """
      --live               read the IIO sensors under /sys/bus/iio/devices
      --iio-root DIR       read the IIO sensors under DIR (tests, chroots, umockdev)
      --iiod HOST[:PORT]   read a remote board's IIO sensors through its iiod
                           (libiio's network daemon, port 30431 by default)
      --mode poll|buffered how live sensors are read (default: buffered if possible)
      --replay FILE        replay an IMU recording (CSV: t and gyr_x,gyr_y,gyr_z,
                           acc_x,acc_y,acc_z, mag_x,mag_y,mag_z, any of them;
                           s, rad/s, m/s², µT), such as capture writes
      --bundled            replay the bundled recording (the default)
      --speed X            replay X times real time, 0.01 to 1000 (default 1)
    """
  /// The options every data command shares; `--count` counts what this command prints.
  static func common(counting counted: String) -> String {
    """
      --count N            stop after N \(counted)
                           (status 1 if the source ends first)
      --seconds N          stop after N seconds
      --json               one JSON object per line: {"event":"source",…} first
      -h, --help           show this help
    """
  }
  static let defaults = """
    Without --live, --iio-root, --gpsd or --replay every command replays the bundled
    recordings, and says so. On a terminal the view is redrawn in place (q quits);
    piped, it prints plain lines.
    """
  /// For the commands that read the magnetometer.
  static let calibration = """
    Live runs keep the magnetometer calibration they learn in
    ~/.local/state/sensors-demo/magnetometer-calibration (or the file
    $SENSORS_DEMO_CALIBRATION names; empty keeps none), so the next run starts from it.
    """

  /// The help text for `command`.
  static func text(for command: DemoCommand) -> String {
    switch command {
    case .dashboard: dashboard
    case .record:
      motionCommand(
        "record", counting: "recorded values (a line each)",
        "Record gravity · userAcceleration (g²) of every device-motion update, with a\nsparkline. Space starts and stops recording on a terminal; piped, it starts\nat once."
      )
    case .tilt:
      motionCommand(
        "tilt", counting: "settled tilts (the tilt lines printed)",
        "Detect frontal (gravity z beyond ±0.25 g) and lateral (gravity x beyond\n±0.125 g) tilt, each debounced for 0.25 s, from device motion at 60 Hz;\n\"vertical\" when neither, \"lying flat\" when gravity z is beyond ±0.9 g."
      )
    case .bouncer:
      motionCommand(
        "bouncer", counting: "accelerometer samples (a line each)",
        "A block falls the way the accelerometer's gravity pulls and bounces off the\nedges (elasticity 0.85); accelerometer at 50 Hz."
      )
    case .motion: motion
    case .accelerometer, .gyro, .magnetometer: sensor(command)
    case .location: location
    case .devices: devices
    case .capture: capture
    case .magneticField: magneticField
    case .orientation: orientation
    }
  }

  static let dashboard = """
    sensors-demo: Core Motion and Core Location, the Composable Architecture way,
    on Linux.

    USAGE: sensors-demo [options]
           sensors-demo COMMAND [options]    (sensors-demo COMMAND --help for each)

    With no command, a dashboard of device motion (attitude, tilt, gravity) and
    location (fix, position, satellites). By default it replays the bundled
    recordings: 20 s of a BROAD IMU trial (CC-BY-4.0) and a gpsd capture of a real
    receiver (BSD-2). Piped, it stops after 6 s unless --seconds or --count says.

    COMMANDS:
      record          gravity · userAcceleration while recording
      tilt            the tilt detector, debounced on an injected clock
      bouncer         a block bouncing the way gravity pulls
      motion          fused device motion: attitude, gravity, user acceleration
      accelerometer   raw accelerometer samples (g)
      gyro            raw gyroscope samples (rad/s)
      magnetometer    raw magnetometer samples (µT)
      location        fixes, accuracy, speed, course and satellites from gpsd
      devices         the IIO devices, channels, units, scales and mount matrices
      capture         record the live sensors and gpsd to files --replay plays
      magnetic-field  the Earth's field at a place and date (World Magnetic Model)
      orientation     the screen orientation from iio-sensor-proxy

    OPTIONS:
      --live               live sensors: IIO under /sys/bus/iio/devices and gpsd at
                           $GPSD_HOST:$GPSD_PORT (default 127.0.0.1:2947)
      --iio-root DIR       live motion from the IIO devices under DIR
      --gpsd HOST[:PORT]   live location from gpsd at HOST:PORT
      --mode poll|buffered how live sensors are read
      --replay FILE        replay FILE: an IMU recording (CSV) replaces the motion
                           half, a gpspipe -w capture the location half
      --replay-imu FILE    replay this IMU recording
      --replay-gpsd FILE   replay this gpspipe -w capture
      --bundled            replay the bundled recordings (the default)
      --frame FRAME        xArbitraryZVertical (default),
                           xArbitraryCorrectedZVertical, xMagneticNorthZVertical,
                           xTrueNorthZVertical
      --speed X            replay X times real time, 0.01 to 1000 (default 1)
      --count N            stop after N device-motion updates (one line each with
                           --json, one in 50 plain)
      --seconds N          stop after N seconds (piped default: 6)
      --json               one JSON object per line: {"event":"source",…} first
      -h, --help           show this help

    \(defaults)

    \(calibration)
    """

  static func motionCommand(_ name: String, counting counted: String, _ summary: String)
    -> String
  {
    """
    USAGE: sensors-demo \(name) [--live | --iio-root DIR | --replay FILE |
                        --bundled] [--count N] [--seconds N] [--json]

    \(summary)

    OPTIONS:
    \(motionSources)
    \(common(counting: counted))

    \(defaults)

    \(calibration)
    """
  }

  static let motion = """
    USAGE: sensors-demo motion [--live | --iio-root DIR | --iiod HOST[:PORT] |
                               --replay FILE | --bundled]
                               [--frame FRAME] [--mode poll|buffered] [--count N]
                               [--seconds N] [--json]

    Fused device motion: attitude (roll, pitch, yaw), gravity and user acceleration
    (g), rotation rate (rad/s) and heading (degrees, in north-referenced frames).
    JSON angles are in radians.

    OPTIONS:
    \(motionSources)
      --frame FRAME        xArbitraryZVertical (default),
                           xArbitraryCorrectedZVertical, xMagneticNorthZVertical,
                           xTrueNorthZVertical
    \(common(counting: "device-motion updates"))

    \(defaults)

    \(calibration)
    """

  static func sensor(_ command: DemoCommand) -> String {
    let unit = SensorFeature.Sensor(rawValue: command.rawValue)?.unit ?? ""
    return """
      USAGE: sensors-demo \(command.rawValue) [--live | --iio-root DIR |
                  --iiod HOST[:PORT] | --replay FILE | --bundled] [--mode poll|buffered]
                  [--interval SECONDS] [--count N] [--seconds N] [--json]

      Raw \(command.rawValue) samples in Core Motion units (\(unit)); with --json one object
      per sample: {"event":"\(command.rawValue)","x":…,"y":…,"z":…,"timestamp":…}

      OPTIONS:
      \(motionSources)
        --interval SECONDS   the update interval (default 0.01)
      \(common(counting: "samples"))

      \(defaults)
      """
  }

  static let location = """
    USAGE: sensors-demo location [--live | --gpsd HOST[:PORT] | --geoclue |
                                 --replay FILE | --bundled] [--count N]
                                 [--seconds N] [--json]

    Authorization, fix, position, accuracy, speed, course and a satellite table
    from gpsd. Live, it keeps running while gpsd restarts ("reconnecting") until
    q, --seconds or --count. With --json, one object per event:
    {"event":"location","latitude":…,…}, {"event":"satellites",…},
    {"event":"service","state":…}, {"event":"error","message":…}.

    OPTIONS:
      --live               gpsd at $GPSD_HOST:$GPSD_PORT (default 127.0.0.1:2947)
      --gpsd HOST[:PORT]   gpsd at HOST:PORT
      --geoclue            GeoClue2 on the system bus ($DBUS_SYSTEM_BUS_ADDRESS
                           where set); its agent decides access
      --replay FILE        replay a capture recorded with `gpspipe -w > FILE`
                           (an NMEA log is refused with how to capture JSON)
      --bundled            replay the bundled capture (the default)
      --speed X            replay X times real time, 0.01 to 1000 (default 1)
      --count N            stop after N fixes (status 1 if the source ends first)
      --seconds N          stop after N seconds
      --json               one JSON object per line: {"event":"source",…} first
      -h, --help           show this help

    \(defaults)
    """

  static let orientation = """
    USAGE: sensors-demo orientation [--count N] [--seconds N] [--json]

    The screen orientation (normal, bottom-up, left-up, right-up) that
    iio-sensor-proxy derives from the accelerometer, on the system bus
    ($DBUS_SYSTEM_BUS_ADDRESS where set). The accelerometer is claimed while it
    runs. With --json: {"event":"orientation","orientation":"normal"}.

    OPTIONS:
      --count N            stop after N orientations (status 1 if the source ends first)
      --seconds N          stop after N seconds
      --json               one JSON object per line: {"event":"source",…} first
      -h, --help           show this help
    """

  static let devices = """
    USAGE: sensors-demo devices [--live | --iio-root DIR | --bundled] [--json]

    Lists the IIO devices: channels, units, scale, offset, scan types, mount matrix
    and the reading modes (poll, buffered) each supports. By default it lists the
    bundled recording of an ADIS16480 (a umockdev description), and says so; exits
    with status 1 when there is nothing to list.

    OPTIONS:
      --live               the kernel's devices, under /sys/bus/iio/devices
      --iio-root DIR       the devices under DIR (tests, chroots)
      --bundled            the bundled recording (the default)
      --json               one JSON object per device and per channel
      -h, --help           show this help
    """

  static let magneticField = """
    USAGE: sensors-demo magnetic-field --latitude LAT --longitude LON [--altitude M]
                                       [--date YYYY-MM-DD] [--json]

    The Earth's main magnetic field at a place and date, from the World Magnetic
    Model WMM2025 (NOAA/NGA, public domain, valid 2025.0 to 2030.0):
    declination and inclination (degrees), total and horizontal intensity, and the
    north, east and down components (nT). Declination is positive east: add it to a
    magnetic heading to get a true one.

    OPTIONS:
      --latitude LAT       geodetic latitude, degrees north (-90 to 90)
      --longitude LON      degrees east (-180 to 180)
      --altitude M         metres above the WGS84 ellipsoid, -1000 to 850000
                           (default 0)
      --date YYYY-MM-DD    the day, UTC (default today)
      --json               one JSON object: declination, inclination, total,
                           horizontal, north, east, down
      -h, --help           show this help
    """

  static let capture = """
    USAGE: sensors-demo capture --out DIR [--live] [--iio-root DIR]
                                [--gpsd HOST[:PORT]] [--motion-only | --location-only]
                                [--mode poll|buffered] [--interval SECONDS]
                                [--seconds N] [--json]

    Record what the live sensors deliver, to replay it anywhere: the accelerometer,
    gyroscope and magnetometer (those present) to DIR/imu.csv, and every line gpsd
    sends to DIR/gpsd.jsonl (gpspipe -w form). Values are written exactly, so
      sensors-demo accelerometer --replay DIR/imu.csv --interval 0.000001
      sensors-demo location --replay DIR/gpsd.jsonl
    give the same samples (every row: a replay at the default 0.01 s thins rows
    that came early) and fixes. Runs until --seconds, q or Ctrl-C.

    OPTIONS:
      --out DIR            the directory to write (created if missing)
      --live               the IIO sensors under /sys/bus/iio/devices and gpsd at
                           $GPSD_HOST:$GPSD_PORT (default 127.0.0.1:2947)
      --iio-root DIR       the IIO sensors under DIR
      --gpsd HOST[:PORT]   gpsd at HOST:PORT
      --motion-only        record the IIO sensors only
      --location-only      record gpsd only
      --mode poll|buffered how the sensors are read (default: buffered if possible)
      --interval SECONDS   the update interval (default 0.01); replay with the same
      --seconds N          stop after N seconds
      --json               one JSON object per sample and location event
      -h, --help           show this help
    """
}
