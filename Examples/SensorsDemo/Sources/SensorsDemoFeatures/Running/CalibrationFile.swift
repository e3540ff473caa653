import ComposableMotion
import Foundation

/// The file where live runs keep the magnetometer calibration between runs, so a restart begins
/// calibrated instead of learning the board's hard and soft iron again from scratch.
///
/// The path is `$SENSORS_DEMO_CALIBRATION` if set (set it empty to keep nothing), else
/// `$XDG_STATE_HOME/sensors-demo/magnetometer-calibration`, else
/// `~/.local/state/sensors-demo/magnetometer-calibration`. The file holds one line,
/// ``MagnetometerCalibration/textLine``.
struct CalibrationFile: Sendable, Equatable {
  /// The file's path.
  var path: String

  /// Why the saved calibration was not used, or could not be saved.
  enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file exists but cannot be read.
    case unreadable(path: String, errno: Int32)
    /// The file's line is not a calibration this version reads.
    case malformed(path: String, MagnetometerCalibration.TextLineError)
    /// The file or its directory cannot be written.
    case unwritable(path: String, reason: String)

    var description: String {
      switch self {
      case .unreadable(let path, let code):
        "the saved magnetometer calibration \(path) cannot be read (\(String(cString: strerror(code)))); "
          + "the magnetometer is calibrated from scratch"
      case .malformed(let path, let error):
        "the saved magnetometer calibration \(path) is not usable (\(error)); the magnetometer is "
          + "calibrated from scratch and the file is replaced when this run has a calibration"
      case .unwritable(let path, let reason):
        "cannot save the magnetometer calibration to \(path) (\(reason)); the next run starts "
          + "uncalibrated. Set SENSORS_DEMO_CALIBRATION to a writable path, or empty to keep none"
      }
    }
  }

  /// The file for this environment, or nil when `SENSORS_DEMO_CALIBRATION` is set empty or no
  /// home directory is known.
  static func standard(environment: [String: String]) -> CalibrationFile? {
    if let chosen = environment["SENSORS_DEMO_CALIBRATION"] {
      return chosen.isEmpty ? nil : CalibrationFile(path: chosen)
    }
    let state =
      if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
        xdg
      } else if let home = environment["HOME"], !home.isEmpty {
        home + "/.local/state"
      } else {
        String?.none
      }
    return state.map { CalibrationFile(path: $0 + "/sensors-demo/magnetometer-calibration") }
  }

  /// The saved calibration, nil when there is none yet.
  func load() -> Result<MagnetometerCalibration?, Problem> {
    guard FileManager.default.fileExists(atPath: path) else { return .success(nil) }
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      let code = (error as NSError).userInfo[NSUnderlyingErrorKey].flatMap { $0 as? NSError }
      return .failure(.unreadable(path: path, errno: Int32(code?.code ?? Int(EIO))))
    }
    do {
      return .success(try MagnetometerCalibration(textLine: text))
    } catch {
      return .failure(.malformed(path: path, error))
    }
  }

  /// Writes `calibration` (atomically: a crash mid-write leaves the old file), creating the
  /// directory if needed.
  func save(_ calibration: MagnetometerCalibration) -> Result<Void, Problem> {
    let directory = (path as NSString).deletingLastPathComponent
    do {
      if !directory.isEmpty {
        try FileManager.default.createDirectory(
          atPath: directory, withIntermediateDirectories: true)
      }
      try (calibration.textLine + "\n").write(toFile: path, atomically: true, encoding: .utf8)
      return .success(())
    } catch {
      return .failure(.unwritable(path: path, reason: error.localizedDescription))
    }
  }
}

extension MotionClient {
  /// This client, starting from the calibration saved in `file` and saving the one it has
  /// learnt there whenever a manager is destroyed (the end of every run), once it is
  /// calibrated at all. Problems are reported through `report`, never fatal.
  func keepingCalibration(in file: CalibrationFile, report: @escaping @Sendable (String) -> Void)
    -> MotionClient
  {
    switch file.load() {
    case .success(let saved?): setMagnetometerCalibration(saved)
    case .success(nil): break
    case .failure(let problem): report(problem.description)
    }
    var client = self
    let base = self
    client.destroy = { id in
      await base.destroy(id)
      let learnt = base.magnetometerCalibration()
      guard learnt.accuracy != .uncalibrated else { return }
      if case .failure(let problem) = file.save(learnt) { report(problem.description) }
    }
    return client
  }
}
