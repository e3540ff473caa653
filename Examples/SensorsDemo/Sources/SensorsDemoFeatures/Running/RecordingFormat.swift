import Foundation

/// What kind of recording a file holds, told from its first line, so that a file fed to the
/// wrong command gets one message saying what it is and what to do instead of a line of
/// errors per record.
enum RecordingFormat: Equatable, Sendable {
  /// An IMU recording: CSV rows of `t` and any of `gyr_*`, `acc_*`, `mag_*` (see `IMURecording`).
  case imuCSV
  /// A gpsd capture: one JSON report per line, as `gpspipe -w` writes it.
  case gpsdJSON
  /// An NMEA 0183 log (`$GPGGA,…` sentences), the receiver's own output.
  case nmea
  /// Nothing recognisable (binary data, or an empty file).
  case unknown

  /// How many bytes are read to decide.
  static let sniffLength = 4096

  /// A person's name for the format.
  var name: String {
    switch self {
    case .imuCSV: "an IMU recording (CSV)"
    case .gpsdJSON: "a gpsd capture (gpspipe -w JSON)"
    case .nmea: "an NMEA log"
    case .unknown: "not a recording sensors-demo knows"
    }
  }

  /// The format of the file at `path`.
  ///
  /// - Throws: ``SourceError/unreadable(path:reason:)`` in plain words when the file is missing,
  ///   a directory, or cannot be read.
  static func detect(_ path: String) throws(SourceError) -> RecordingFormat {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .unreadable(path: path, reason: "there is no such file")
    }
    guard !isDirectory.boolValue else {
      throw .unreadable(path: path, reason: "it is a directory; pass a recording file inside it")
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw .unreadable(
        path: path, reason: "permission denied; check its permissions (ls -l \(path))")
    }
    defer { try? handle.close() }
    let head: Data
    do {
      head = try handle.read(upToCount: sniffLength) ?? Data()
    } catch {
      throw .unreadable(path: path, reason: "reading it failed (is it a file on a mounted disk?)")
    }
    return classify(head)
  }

  /// The format of a file that starts with `head`.
  static func classify(_ head: Data) -> RecordingFormat {
    guard !head.contains(0) else { return .unknown }
    let text = String(decoding: head, as: UTF8.self)
    let first = text.split(whereSeparator: \.isNewline).map {
      $0.trimmingCharacters(in: .whitespaces)
    }.first { !$0.isEmpty && !$0.hasPrefix("#") }
    guard let line = first, let start = line.first else { return .unknown }
    switch start {
    case "{": return .gpsdJSON
    case "$", "!": return .nmea
    default:
      return line.contains(",") ? .imuCSV : .unknown
    }
  }
}
