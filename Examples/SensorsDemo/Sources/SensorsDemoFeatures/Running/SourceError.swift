/// Why a command's data source cannot be opened; each message says what was looked for and
/// what to do, in plain words.
enum SourceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A bundled resource is missing from the build.
  case missingResource(String)
  /// A recording cannot be parsed.
  case badRecording(path: String, reason: String)
  /// A file cannot be read, and why.
  case unreadable(path: String, reason: String)
  /// A file holds another kind of recording than the command replays.
  case wrongFormat(path: String, format: RecordingFormat, wanted: RecordingFormat)
  /// No IIO sensor of the needed kind was found.
  case noSensor(String)

  var description: String {
    switch self {
    case .missingResource(let name):
      "the bundled recording \(name) is missing from this build; rebuild with `swift build` from the package root"
    case .badRecording(let path, let reason): "cannot replay \(path): \(reason)"
    case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
    case .wrongFormat(let path, .nmea, let wanted):
      // The advice names the format itself: said once.
      "\(path) cannot be replayed. " + Self.advice(.nmea, wanted: wanted, path)
    case .wrongFormat(let path, let format, let wanted):
      "\(path) is \(format.name), not \(wanted.name). " + Self.advice(format, wanted: wanted, path)
    case .noSensor(let message): message
    }
  }

  private static func advice(_ format: RecordingFormat, wanted: RecordingFormat, _ path: String)
    -> String
  {
    switch format {
    case .nmea:
      "This is an NMEA log: capture gpsd's JSON with `gpspipe -w > capture.jsonl` while gpsd reads "
        + "the receiver, or serve this log live with `gpsfake -c 0.1 \(path)` and run "
        + "`sensors-demo location --live`."
    case .gpsdJSON: "Replay it with `sensors-demo location --replay \(path)`."
    case .imuCSV: "Replay it with `sensors-demo motion --replay \(path)`."
    case .unknown:
      wanted == .gpsdJSON
        ? "Record one with `gpspipe -w > capture.jsonl`."
        : "An IMU recording is CSV: t and the columns of any of gyr_x,gyr_y,gyr_z, acc_x,acc_y,acc_z and mag_x,mag_y,mag_z (s, rad/s, m/s², µT)."
    }
  }
}
