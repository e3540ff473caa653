import ComposableMotion
import ComposableSensorsFoundation
import ComposableStore
import Foundation

/// The file where live runs keep the magnetometer calibration between runs, so a restart begins
/// calibrated instead of learning the board's hard and soft iron again from scratch.
///
/// The path is `$SENSORS_DEMO_CALIBRATION` if set (set it empty to keep nothing), else
/// `$XDG_STATE_HOME/sensors-demo/magnetometer-calibration`, else
/// `~/.local/state/sensors-demo/magnetometer-calibration`.
///
/// The file is kept through `@Shared(.fileStorage(path))`: JSON holding one string,
/// ``MagnetometerCalibration/textLine``, written atomically. A file from an earlier version (the
/// bare line, not JSON) is still read, and replaced by JSON at the next save. Each save flushes
/// the (throttled) file storage, so the calibration is on disk when ``save(_:)`` returns.
struct CalibrationFile: Sendable, Equatable {
  /// The file's path.
  var path: String

  /// Why the saved calibration was not used, or could not be saved.
  enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file exists but cannot be read.
    case unreadable(path: String, reason: String)
    /// The file's line is not a calibration this version reads.
    case malformed(path: String, MagnetometerCalibration.TextLineError)
    /// The file or its directory cannot be written.
    case unwritable(path: String, reason: String)

    var description: String {
      switch self {
      case .unreadable(let path, let reason):
        "the saved magnetometer calibration \(path) cannot be read (\(reason)); "
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
    let (line, error) = quietly {
      let saved = Shared<String?>(wrappedValue: nil, .fileStorage(path))
      return (saved.wrappedValue, saved.loadError as? FileStorageError)
    }
    let text: String
    switch error {
    case nil:
      guard let line else { return .success(nil) }
      text = line
    case .corrupt?:
      // Not JSON: an earlier version's file holds the bare line.
      guard let legacy = try? String(contentsOfFile: path, encoding: .utf8) else {
        return .failure(.unreadable(path: path, reason: "not JSON, nor a text line"))
      }
      text = legacy
    case .unreadable(_, let reason)?, .unencodable(_, let reason)?, .unwritable(_, let reason)?:
      return .failure(.unreadable(path: path, reason: reason))
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
    let error = quietly {
      var saved = Shared<String?>(wrappedValue: nil, .fileStorage(path))
      saved.wrappedValue = calibration.textLine
      // Live, file storage writes are throttled and made off this thread: write it now, so it
      // is on disk when the run ends (the process may exit next) and a failure is known here.
      @Dependency(\.defaultFileStorage) var storage
      storage.flush()
      return saved.loadError as? FileStorageError
    }
    if case .unwritable(_, let reason)? = error {
      return .failure(.unwritable(path: path, reason: reason))
    }
    return .success(())
  }

  /// Runs `body` with the shared file's runtime warnings silenced: its errors come back as
  /// ``Problem``s, which the caller reports in the demo's own words.
  private func quietly<R>(_ body: () -> R) -> R {
    let silence: RuntimeWarning.Reporter = { _, _, _, _, _ in }
    return RuntimeWarning.$reporter.withValue(silence) { body() }
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
