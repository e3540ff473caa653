import ComposableMotion
import Foundation
import Testing

/// The filter on ten seconds of a real recording (BROAD trial 05, see Fixtures/fusion-README.md), compared
/// with the optical ground truth using the BROAD error definitions.
@Suite("OrientationFilter on real data")
struct OrientationFilterRegressionTests {
  private func rms(_ values: [Double]) -> Double {
    (values.map { $0 * $0 }.reduce(0, +) / Double(values.count)).squareRoot()
  }

  @Test func nineDimensionalEstimateFollowsTheGroundTruth() throws {
    let url = try #require(
      Bundle.module.url(
        forResource: "fusion-broad-05-excerpt", withExtension: "csv", subdirectory: "Fixtures"))
    let recording = try IMURecording(contentsOf: url)
    let truth = try broadGroundTruth(url)
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
