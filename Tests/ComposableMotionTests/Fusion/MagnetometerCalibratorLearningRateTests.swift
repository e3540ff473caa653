import Foundation
import Testing

@testable import ComposableMotion

/// The calibrator learns at a rate of its own: with the sample intervals known, the steps of
/// rotation within ``MagnetometerCalibrator/Parameters/learningInterval`` are one learning step, so
/// the same motion seen by a 50 Hz and a 285.7 Hz magnetometer costs about the same number of
/// learning steps a second and gives the same calibration.
@Suite("MagnetometerCalibrator: learning at a rate of its own")
struct MagnetometerCalibratorLearningRateTests {
  /// A distortion m' = A m + b of the kind the benchmark draws (scale 0.85…1.15, coupling ±0.08).
  private let distortion = (
    a: [SIMD3(1.12, 0.05, -0.07), SIMD3(-0.04, 0.88, 0.06), SIMD3(0.08, -0.03, 1.03)],
    b: SIMD3<Double>(42, -55, 18)
  )
  private let earthField = SIMD3<Double>(0, 20, -40)
  /// The turning rate in rad/s.
  private let rate = 0.8

  private func distort(_ m: SIMD3<Double>) -> SIMD3<Double> {
    let a = distortion.a
    return SIMD3((a[0] * m).sum(), (a[1] * m).sum(), (a[2] * m).sum()) + distortion.b
  }

  private func angleDegrees(_ u: SIMD3<Double>, _ v: SIMD3<Double>) -> Double {
    let cosine = (u * v).sum() / ((u * u).sum() * (v * v).sum()).squareRoot()
    return acos(max(-1, min(1, cosine))) * 180 / Double.pi
  }

  /// Turns about an axis that wanders (the same motion at every rate) for `seconds`, sampled at
  /// `hertz`, with the distorted field plus ±0.15 µT of noise; the intervals given to the
  /// calibrator when `knownIntervals`.
  private func calibrator(hertz: Double, seconds: Double, knownIntervals: Bool = true)
    -> MagnetometerCalibrator
  {
    var calibrator = MagnetometerCalibrator()
    var orientation = Quaternion.identity
    var noise = 0x9E37_79B9_7F4A_7C15 as UInt64
    let interval = 1 / hertz
    for index in 0..<Int(seconds * hertz) {
      let time = Double(index) * interval
      let axis = SIMD3(sin(0.7 * time), cos(0.4 * time), sin(0.23 * time + 1))
      orientation = (orientation * Quaternion(axis: axis, angle: rate * interval)).normalized
      noise = noise &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let jitter = Double(noise >> 11) / Double(1 << 53) - 0.5
      let raw = distort(orientation.conjugate.rotate(earthField)) + SIMD3(repeating: 0.3 * jitter)
      _ = calibrator.update(
        raw, orientation6D: orientation, rotationRate: rate,
        sampleInterval: knownIntervals ? interval : 0)
    }
    return calibrator
  }

  /// The largest angle in degrees between a field corrected by `calibrator` and the true one, over
  /// a few directions.
  private func worstDirectionError(_ calibrator: MagnetometerCalibrator) -> Double {
    [SIMD3<Double>(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1), SIMD3(1, -1, 1), SIMD3(-1, 0.5, 2)]
      .map { direction in
        let truth = direction * 45
        return angleDegrees(calibrator.corrected(distort(truth)), truth)
      }.max() ?? .infinity
  }

  @Test func theSameMotionAt50And285HzLearnsTheSameCalibrationAtTheSameLearningRate() {
    let seconds = 60.0
    let slow = calibrator(hertz: 50, seconds: seconds)
    let fast = calibrator(hertz: 285.7, seconds: seconds)

    for learned in [slow, fast] {
      #expect(learned.calibration.accuracy == .high)
      let b = learned.calibration.hardIron
      #expect(((b - distortion.b) * (b - distortion.b)).sum().squareRoot() < 0.5)
      #expect(worstDirectionError(learned) < 0.5)
      // A learning step ends after learningInterval (0.2 s) or learningAngle (6°) of turning,
      // whichever comes first: at 0.8 rad/s about 7.6 a second, whatever the sensor's rate.
      let perSecond = Double(learned.learningStepCount) / seconds
      let bound = max(
        1 / learned.parameters.learningInterval,
        rate * 180 / Double.pi / learned.parameters.learningAngle)
      #expect(perSecond <= bound * 1.1)
      #expect(perSecond >= bound * 0.7)
    }
    // The same calibration from both: their hard irons within 0.3 µT, their corrections within
    // 0.2° of each other in every direction.
    let difference = slow.calibration.hardIron - fast.calibration.hardIron
    #expect((difference * difference).sum().squareRoot() < 0.3)
    for direction in [SIMD3<Double>(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1), SIMD3(1, -1, 1)] {
      let raw = distort(direction * 45)
      #expect(angleDegrees(slow.corrected(raw), fast.corrected(raw)) < 0.2)
    }
  }

  @Test func learningStepsCountTheStepsOfRotationTheyHoldAndLearnWhatEveryStepWould() {
    let seconds = 60.0
    let merged = calibrator(hertz: 285.7, seconds: seconds)
    let everyStep = calibrator(hertz: 285.7, seconds: seconds, knownIntervals: false)

    // Without the intervals every step of rotation (1°: 4.6 samples at this rate) is learned from
    // on its own; with them, about six at a time, counted as the steps they hold.
    #expect(everyStep.learningStepCount == everyStep.learnedSampleCount)
    #expect(merged.learningStepCount * 4 < everyStep.learningStepCount)
    let ratio = Double(merged.learnedSampleCount) / Double(everyStep.learnedSampleCount)
    #expect(ratio > 0.85 && ratio < 1.15)
    // Both learn the distortion as well.
    for learned in [merged, everyStep] {
      #expect(learned.calibration.accuracy == .high)
      #expect(worstDirectionError(learned) < 0.5)
    }
  }
}
