import ComposableMotion
import Geomagnetism

/// A parsed `sensors-demo` command line: the command and its validated options.
struct DemoArguments: Equatable, Sendable {
  /// How raw sensors are read live.
  enum ReadMode: String, Equatable, Sendable {
    /// Poll the sysfs attributes.
    case poll
    /// Stream scans from `/dev/iio:deviceN`.
    case buffered
  }

  /// A gpsd address.
  struct GPSDAddress: Equatable, Sendable {
    /// Host name or address.
    var host: String
    /// TCP port.
    var port: UInt16

    /// Creates an address.
    init(host: String, port: UInt16 = 2947) {
      self.host = host
      self.port = port
    }
  }

  /// The command to run.
  var command = DemoCommand.dashboard
  /// `--help`: print the command's usage and exit.
  var help = false
  /// `--json`: one JSON object per line per event.
  var json = false
  /// `--live`: use the machine's sensors and gpsd instead of recordings.
  var live = false
  /// `--bundled`: replay the recordings shipped with the demo.
  var bundled = false
  /// `--iio-root DIR`: read IIO devices under DIR.
  var iioRoot: String?
  /// `--iiod HOST[:PORT]`: read a remote board's IIO sensors through its iiod.
  var iiod: String?
  /// `--gpsd HOST[:PORT]`: read gpsd there.
  var gpsd: GPSDAddress?
  /// `--geoclue`: live location from GeoClue2 on the system bus.
  var geoclue = false
  /// `--replay FILE`: an IMU CSV (motion commands) or a `gpspipe -w` capture (`location`).
  var replay: String?
  /// `--replay-imu FILE`: the dashboard's IMU recording.
  var replayIMU: String?
  /// `--replay-gpsd FILE`: the dashboard's gpsd capture.
  var replayGPSD: String?
  /// `--frame NAME`: the attitude reference frame.
  var frame: AttitudeReferenceFrame?
  /// `--seconds N`: stop after N seconds.
  var seconds: Double?
  /// The `--speed` factors accepted: 0.01 (100 times slower) to 1000 times real time.
  static let speedRange: ClosedRange<Double> = 0.01...1000
  /// The `--seconds` accepted: more than 0, up to 1e9 s (31 years).
  static let secondsRange: ClosedRange<Double> = Double.leastNonzeroMagnitude...1e9
  /// The `--interval` accepted: 1 µs to an hour.
  static let intervalRange: ClosedRange<Double> = 1e-6...3600
  /// `--speed X`: replay X times faster than real time.
  var speed: Double = 1
  /// `--count N`: stop after N updates.
  var count: Int?
  /// `--mode poll|buffered`: how raw sensors are read.
  var mode: ReadMode?
  /// `--interval SECONDS`: the update interval.
  var interval: Double?
  /// `--out DIR`: where `capture` writes `imu.csv` and `gpsd.jsonl`.
  var out: String?
  /// `--motion-only`: `capture` records the IIO sensors alone.
  var motionOnly = false
  /// `--location-only`: `capture` records gpsd alone.
  var locationOnly = false

  /// `--latitude DEG`: geodetic latitude, degrees north (`magnetic-field`).
  var latitude: Double?
  /// `--longitude DEG`: degrees east (`magnetic-field`).
  var longitude: Double?
  /// `--altitude M`: metres above the WGS84 ellipsoid (`magnetic-field`; default 0).
  var altitude: Double?
  /// `--date YYYY-MM-DD`: the day (`magnetic-field`; default today, UTC).
  var date: CalendarDay?

  /// Creates the arguments of a bare `sensors-demo`.
  init() {}

  /// Whether motion comes from live IIO sensors (`--live`, `--iio-root` or `--iiod`).
  var readsLiveMotion: Bool { live || iioRoot != nil || iiod != nil }
  /// Whether location comes from a live gpsd (`--live` or `--gpsd`).
  var readsLiveLocation: Bool { live || gpsd != nil || geoclue }
}
