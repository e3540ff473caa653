import ComposableMotion
import Foundation
import Testing

/// The optical ground truth of a BROAD recording per row (sensor → ENU), nil where the markers were lost or
/// the row is not scored (`movement` ≠ 1). See Fixtures/fusion-README.md.
func broadGroundTruth(_ url: URL) throws -> [Quaternion?] {
  let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
  let header = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
  let columns = try ["ref_qw", "ref_qx", "ref_qy", "ref_qz", "movement"].map { name in
    try #require(header.firstIndex(of: name), "column \(name)")
  }
  return lines.dropFirst().map { line in
    let cells = line.split(separator: ",", omittingEmptySubsequences: false)
    let values = columns.map { Double(cells[$0]) }
    guard values[4] == 1, let w = values[0], let x = values[1], let y = values[2], let z = values[3]
    else {
      return nil
    }
    return Quaternion(w: w, x: x, y: y, z: z)
  }
}
