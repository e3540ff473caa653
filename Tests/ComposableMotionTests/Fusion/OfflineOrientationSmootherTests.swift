import ComposableMotion
import Foundation
import Testing

/// The offline smoother looks at the whole recording: it must beat the causal filter on real data, treat
/// a recording and its time reversal alike, bridge a magnetic disturbance from both sides, and stay finite
/// on any input.
@Suite("OfflineOrientationSmoother")
struct OfflineOrientationSmootherTests {
  private func isUnit(_ q: Quaternion) -> Bool {
    q.w.isFinite && q.x.isFinite && q.y.isFinite && q.z.isFinite && abs(q.norm - 1) < 1e-9
  }

  private func rms(_ values: [Double]) -> Double {
    (values.map { $0 * $0 }.reduce(0, +) / Double(max(values.count, 1))).squareRoot()
  }

  /// The recording played backwards: reversed order, negated (so increasing) times, and each rate
  /// negated and moved to the sample before it (a rate covers the interval ending at its sample).
  private func timeReversed(_ samples: [IMURecording.Sample]) -> [IMURecording.Sample] {
    samples.indices.reversed().map { index in
      var reversed = samples[index]
      reversed.time = -reversed.time
      reversed.gyroscope = -samples[min(index + 1, samples.count - 1)].gyroscopeOrZero
      return reversed
    }
  }

  private func excerpt() throws -> (IMURecording, [Quaternion?]) {
    let url = try #require(
      Bundle.module.url(
        forResource: "fusion-broad-05-excerpt", withExtension: "csv", subdirectory: "Fixtures"))
    let recording = try IMURecording(contentsOf: url)
    let truth = try broadGroundTruth(url)
    try #require(truth.count == recording.samples.count)
    return (recording, truth)
  }

  @Test func offlineErrorIsLowerThanTheCausalFiltersOnTheBROADExcerpt() throws {
    let (recording, truth) = try excerpt()
    let estimate = OfflineOrientationSmoother().smooth(recording.samples)
    var filter = OrientationFilter()
    var causalTotal: [Double] = []
    var causalInclination: [Double] = []
    var offlineTotal: [Double] = []
    var offlineInclination: [Double] = []
    for (index, sample) in recording.samples.enumerated() {
      filter.update(sample)
      guard let reference = truth[index] else { continue }
      causalTotal.append(degrees(filter.orientation.angle(to: reference)))
      causalInclination.append(inclinationError(filter.orientation, reference))
      offlineTotal.append(degrees(estimate.orientations[index].angle(to: reference)))
      offlineInclination.append(inclinationError(estimate.orientations[index], reference))
    }
    #expect(offlineTotal.count > 1800)
    #expect(estimate.rejectedSampleCount == 0)
    // Causal: 0.63° total, 0.44° inclination on these ten seconds.
    #expect(rms(offlineTotal) < 0.9 * rms(causalTotal))
    #expect(rms(offlineInclination) <= rms(causalInclination))
  }

  @Test func aTimeReversedRecordingGivesTheSameOrientationsInReverseOrder() throws {
    let (recording, _) = try excerpt()
    let smoother = OfflineOrientationSmoother()
    let forward = smoother.smooth(recording.samples)
    let backward = smoother.smooth(timeReversed(recording.samples))
    let count = recording.samples.count
    var differences: [Double] = []
    var worstBias = 0.0
    for index in 0..<count {
      let mirrored = count - 1 - index
      differences.append(
        degrees(forward.orientations[index].angle(to: backward.orientations[mirrored])))
      let bias = forward.gyroscopeBias[index] + backward.gyroscopeBias[mirrored]
      worstBias = max(worstBias, abs(bias.x), abs(bias.y), abs(bias.z))
    }
    // Exact but for the first and last rows' rates, which only the causal passes' first samples see:
    // 0.00005° apart at most, the biases within 6e-7 rad/s.
    #expect(differences.max() ?? .infinity < 0.001)
    #expect(worstBias < 1e-5)
  }

  @Test func aGyroscopeBiasIsKnownFromTheFirstSample() {
    var imu = SyntheticIMU()
    imu.gyroscopeBias = SIMD3(0.01, -0.015, 0.02)  // about 0.6, −0.9 and 1.1 °/s
    var samples: [IMURecording.Sample] = []
    for _ in 0..<2000 {  // 20 s at rest
      samples.append(imu.sample())
      imu.advance(angularVelocity: .zero)
    }
    let estimate = OfflineOrientationSmoother().smooth(samples)
    var filter = OrientationFilter()
    filter.update(samples[0])
    let first = estimate.gyroscopeBias[0] - imu.gyroscopeBias
    // The causal filter knows nothing yet at the first sample; the smoother knows what the rest taught.
    #expect(max(abs(first.x), abs(first.y), abs(first.z)) < 0.001)
    #expect(filter.gyroscopeBias == .zero)
  }

  @Test func aMagnetAttachedForTwentySecondsIsBridgedFromBothSides() {
    var imu = SyntheticIMU()
    imu.gyroscopeBias = SIMD3(0.002, -0.003, 0.004)
    let turn = SIMD3<Double>(0.3, -0.2, 0.5)
    var samples: [IMURecording.Sample] = []
    var truth: [Quaternion] = []
    var disturbedTruth: [Bool] = []
    for step in 0..<6000 {  // 60 s turning; a magnet rides along from 20 s to 40 s
      let magnet = (2000..<4000).contains(step)
      imu.magneticDisturbance = magnet ? SIMD3(25, -10, 15) : .zero
      let rate = turn * sin(Double(step) / 300)
      samples.append(imu.sample(angularVelocity: rate))
      truth.append(imu.orientation)
      disturbedTruth.append(magnet)
      imu.advance(angularVelocity: rate)
    }
    let estimate = OfflineOrientationSmoother().smooth(samples)
    var filter = OrientationFilter()
    var offlineHeading: [Double] = []
    var causalHeading: [Double] = []
    for (index, sample) in samples.enumerated() {
      filter.update(sample)
      guard disturbedTruth[index] else { continue }
      offlineHeading.append(headingError(estimate.orientations[index], truth[index]))
      causalHeading.append(headingError(filter.orientation, truth[index]))
    }
    let flagged = zip(estimate.magneticallyDisturbed, disturbedTruth).filter { $0.1 }.filter {
      $0.0
    }
    #expect(flagged.count == 2000)
    // 0.23° RMS in the disturbed third; the causal filter, which can only hold, drifts to 2.6°.
    #expect(rms(offlineHeading) < 0.5)
    #expect(rms(offlineHeading) < 0.2 * rms(causalHeading))
  }

  @Test func aSlowMagnetometerAndAPauseInTheRecordingStillGiveTheTruth() {
    var imu = SyntheticIMU()
    imu.gyroscopeBias = SIMD3(0.003, 0.002, -0.004)
    let turn = SIMD3<Double>(0.2, 0.4, -0.3)
    var samples: [IMURecording.Sample] = []
    var truth: [Quaternion] = []
    for step in 0..<4000 {  // 40 s at 100 Hz, the magnetometer at 10 Hz, 30 s missing after 20 s
      let rate = turn * cos(Double(step) / 250)
      var sample = imu.sample(angularVelocity: rate)
      if step % 10 != 0 { sample.magnetometer = nil }
      if step >= 2000 { sample.time += 30 }
      samples.append(sample)
      truth.append(imu.orientation)
      imu.advance(angularVelocity: rate)
    }
    let estimate = OfflineOrientationSmoother().smooth(samples)
    let errors = zip(estimate.orientations, truth).map { degrees($0.angle(to: $1)) }
    #expect(estimate.rejections[2000] == .timeGap(.gyroscope))
    #expect(estimate.rejectedSampleCount == 1)
    var filter = OrientationFilter()
    let causalErrors = zip(samples, truth).map { sample, truth in
      filter.update(sample)
      return degrees(filter.orientation.angle(to: truth))
    }
    // The vertical bias is barely observable in 40 s of turning, so the heading drifts; the smoother
    // follows the drift from both sides (0.98° RMS, causal 1.25°).
    #expect(rms(errors) < 0.85 * rms(causalErrors))
    #expect(errors.allSatisfy { $0 < 2 })
  }

  @Test func absurdValuesAreRejectedAndEveryOrientationStaysFiniteAndUnit() {
    var imu = SyntheticIMU()
    var samples: [IMURecording.Sample] = []
    for _ in 0..<500 {
      samples.append(imu.sample(angularVelocity: SIMD3(0.1, 0.2, 0.3)))
      imu.advance(angularVelocity: SIMD3(0.1, 0.2, 0.3))
    }
    samples[0].gyroscope = SIMD3(1e200, 0, -1e200)
    samples[100].accelerometer = SIMD3(.nan, 1, 1)
    samples[200].magnetometer = SIMD3(-1e300, 1e300, 0)
    samples[300].time = .infinity
    samples[400].gyroscope?.x = .greatestFiniteMagnitude
    samples[499].time += 1e300
    let estimate = OfflineOrientationSmoother().smooth(samples)
    #expect(estimate.orientations.count == samples.count)
    #expect(estimate.orientations.allSatisfy(isUnit))
    #expect(estimate.orientations6D.allSatisfy(isUnit))
    #expect(estimate.gyroscopeBias.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite })
    #expect(estimate.rejections[0] == .outOfRange(.gyroscope))
    #expect(estimate.rejections[100] == .notFinite(.accelerometer))
    #expect(estimate.rejections[200] == .outOfRange(.magnetometer))
    #expect(estimate.rejections[300] == .notFinite(.gyroscope))
    #expect(estimate.rejections[499] == .timeGap(.gyroscope))
    #expect(estimate.rejectedSampleCount == 6)
  }

  @Test func anEmptyRecordingGivesAnEmptyEstimateAndOneSampleALevelOne() {
    #expect(OfflineOrientationSmoother().smooth([]).orientations.isEmpty)
    let tilted = Quaternion(axis: SIMD3(1, 0, 0), angle: 0.4)
    var imu = SyntheticIMU(orientation: tilted)
    imu.accelerometerNoise = 0
    let estimate = OfflineOrientationSmoother().smooth([imu.sample()])
    #expect(estimate.orientations.count == 1)
    #expect(inclinationError(estimate.orientations[0], tilted) < 0.01)
    #expect(headingError(estimate.orientations[0], tilted) < 0.01)
  }

  @Test func withoutTheMagnetometerTheOrientationsAreTheSixDimensionalOnes() throws {
    let (recording, _) = try excerpt()
    let samples = Array(recording.samples.prefix(500))
    let estimate = OfflineOrientationSmoother().smooth(samples, usesMagnetometer: false)
    #expect(estimate.orientations == estimate.orientations6D)
    #expect(estimate.magneticallyDisturbed.allSatisfy { $0 })
  }
}
