import ComposableMotion

/// A parsed `sensors-demo` command line: the command and its validated options.
public struct DemoArguments: Equatable, Sendable {
  /// How raw sensors are read live.
  public enum ReadMode: String, Equatable, Sendable {
    /// Poll the sysfs attributes.
    case poll
    /// Stream scans from `/dev/iio:deviceN`.
    case buffered
  }

  /// A gpsd address.
  public struct GPSDAddress: Equatable, Sendable {
    /// Host name or address.
    public var host: String
    /// TCP port.
    public var port: UInt16

    /// Creates an address.
    public init(host: String, port: UInt16 = 2947) {
      self.host = host
      self.port = port
    }
  }

  /// The command to run.
  public var command = DemoCommand.dashboard
  /// `--help`: print the command's usage and exit.
  public var help = false
  /// `--json`: one JSON object per line per event.
  public var json = false
  /// `--live`: use the machine's sensors and gpsd instead of recordings.
  public var live = false
  /// `--bundled`: replay the recordings shipped with the demo.
  public var bundled = false
  /// `--iio-root DIR`: read IIO devices under DIR.
  public var iioRoot: String?
  /// `--gpsd HOST[:PORT]`: read gpsd there.
  public var gpsd: GPSDAddress?
  /// `--replay FILE`: an IMU CSV (motion commands) or a `gpspipe -w` capture (`location`).
  public var replay: String?
  /// `--replay-imu FILE`: the dashboard's IMU recording.
  public var replayIMU: String?
  /// `--replay-gpsd FILE`: the dashboard's gpsd capture.
  public var replayGPSD: String?
  /// `--frame NAME`: the attitude reference frame.
  public var frame: AttitudeReferenceFrame?
  /// `--seconds N`: stop after N seconds.
  public var seconds: Double?
  /// The `--speed` factors accepted: 0.01 (100 times slower) to 1000 times real time.
  public static let speedRange: ClosedRange<Double> = 0.01...1000
  /// `--speed X`: replay X times faster than real time.
  public var speed: Double = 1
  /// `--count N`: stop after N updates.
  public var count: Int?
  /// `--mode poll|buffered`: how raw sensors are read.
  public var mode: ReadMode?
  /// `--interval SECONDS`: the update interval.
  public var interval: Double?

  /// Creates the arguments of a bare `sensors-demo`.
  public init() {}
}
