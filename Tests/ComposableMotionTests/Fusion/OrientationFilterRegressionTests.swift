import ComposableMotion
import Foundation
import Testing

/// The filter on ten seconds of a real recording (BROAD trial 05, see Fixtures/fusion-README.md), compared
/// with the optical ground truth using the BROAD error definitions.
@Suite("OrientationFilter on real data")
struct OrientationFilterRegressionTests {
  /// Ground truth per row (sensor → ENU), nil where the markers were lost or the row is not scored.
  private func groundTruth(_ url: URL) throws -> [Quaternion?] {
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
    let header = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    let columns = try ["ref_qw", "ref_qx", "ref_qy", "ref_qz", "movement"].map { name in
      try #require(header.firstIndex(of: name), "column \(name)")
    }
    return lines.dropFirst().map { line in
      let cells = line.split(separator: ",", omittingEmptySubsequences: false)
      let values = columns.map { Double(cells[$0]) }
      guard values[4] == 1, let w = values[0], let x = values[1], let y = values[2],
        let z = values[3]
      else {
        return nil
      }
      return Quaternion(w: w, x: x, y: y, z: z)
    }
  }

  private func rms(_ values: [Double]) -> Double {
    (values.map { $0 * $0 }.reduce(0, +) / Double(values.count)).squareRoot()
  }

  @Test func nineDimensionalEstimateFollowsTheGroundTruth() throws {
    let url = try #require(
      Bundle.module.url(
        forResource: "fusion-broad-05-excerpt", withExtension: "csv", subdirectory: "Fixtures"))
    let recording = try IMURecording(contentsOf: url)
    let truth = try groundTruth(url)
    try #require(truth.count == recording.samples.count)

    var filter = OrientationFilter()
    var total: [Double] = []
    var inclination: [Double] = []
    for (sample, reference) in zip(recording.samples, truth) {
      filter.update(sample)
      guard let reference else { continue }
      total.append(degrees(filter.orientation.angle(to: reference)))
      inclination.append(inclinationError(filter.orientation, reference))
    }
    #expect(total.count > 1800)
    // VQF scores 0.63° total and 0.44° inclination on this excerpt; allow some slack, not a free pass.
    #expect(rms(total) < 1.2)
    #expect(rms(inclination) < 0.8)
    #expect(filter.rejectedSampleCount == 0)
  }
}
