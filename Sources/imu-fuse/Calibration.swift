import ComposableMotion
import Foundation

/// Reads a saved magnetometer calibration (one line) or exits with status 1 saying why.
func readCalibration(_ path: String) -> MagnetometerCalibration {
  guard let data = FileManager.default.contents(atPath: path),
    let text = String(data: data, encoding: .utf8)
  else { fail("\(path): cannot read the calibration file", status: 1) }
  let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
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
