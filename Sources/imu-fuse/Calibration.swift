import ComposableMotion
import Foundation

/// The most of a calibration file read, in bytes: a saved calibration is one line of a few
/// hundred bytes, and a larger or endless file must not be read whole.
let calibrationFileLimit = 4096

/// Reads a saved magnetometer calibration (one line) or exits with status 1 saying why.
func readCalibration(_ path: String) -> MagnetometerCalibration {
  guard let file = FileHandle(forReadingAtPath: path) else {
    fail("\(path): cannot read the calibration file", status: 1)
  }
  defer { try? file.close() }
  let data: Data
  do {
    data = try file.read(upToCount: calibrationFileLimit) ?? Data()
  } catch {
    fail("\(path): cannot read the calibration file", status: 1)
  }
  let text = String(decoding: data, as: UTF8.self)
  guard
    let end = text.firstIndex(where: \.isNewline)
      ?? (data.count < calibrationFileLimit ? text.endIndex : nil)
  else {
    fail(
      "\(path): the first line is longer than \(calibrationFileLimit) bytes: not a calibration "
        + "written by --calibration-out", status: 1)
  }
  let line = String(text[..<end])
  do {
    return try MagnetometerCalibration(textLine: line)
  } catch {
    fail("\(path): \(error)", status: 1)
  }
}

/// Writes a calibration as one line, or exits with status 1 saying why.
func writeCalibration(_ calibration: MagnetometerCalibration, to path: String) {
  let line = calibration.textLine + "\n"
  guard FileManager.default.createFile(atPath: path, contents: Data(line.utf8)) else {
    fail("\(path): cannot write the calibration file", status: 1)
  }
}
