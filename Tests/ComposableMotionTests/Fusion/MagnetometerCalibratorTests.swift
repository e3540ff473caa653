import ComposableMotion
import Foundation
import Testing

/// The online magnetometer calibration: it learns a known hard- and soft-iron distortion from rotations,
/// ignores disturbances while learning, saves and restores, and never produces a non-finite value.
@Suite("MagnetometerCalibrator: online hard- and soft-iron calibration")
struct MagnetometerCalibratorTests {
  /// A distortion m' = A m + b of the kind the benchmark draws (scale 0.85…1.15, coupling ±0.08).
  private let distortion = (
    a: [SIMD3(1.12, 0.05, -0.07), SIMD3(-0.04, 0.88, 0.06), SIMD3(0.08, -0.03, 1.03)],
    b: SIMD3<Double>(42, -55, 18)
  )
  private let earthField = SIMD3<Double>(0, 20, -40)

  private func distort(_ m: SIMD3<Double>) -> SIMD3<Double> {
    let a = distortion.a
    return SIMD3((a[0] * m).sum(), (a[1] * m).sum(), (a[2] * m).sum()) + distortion.b
  }

  private func angleDegrees(_ u: SIMD3<Double>, _ v: SIMD3<Double>) -> Double {
    let cosine = (u * v).sum() / ((u * u).sum() * (v * v).sum()).squareRoot()
    return acos(max(-1, min(1, cosine))) * 180 / Double.pi
  }

  /// Turns about an axis that wanders, so every direction is seen; feeds the true orientation as the 6D
  /// one and the distorted field (plus small noise) to the calibrator; returns the accuracies seen.
  @discardableResult
  private func rotate(
    _ calibrator: inout MagnetometerCalibrator, seconds: Double, extraField: SIMD3<Double> = .zero,
    distorted: Bool = true, orientation: inout Quaternion, time: inout Double
  ) -> [DeviceMotion.MagneticFieldCalibrationAccuracy] {
    var accuracies: [DeviceMotion.MagneticFieldCalibrationAccuracy] = []
    let interval = 0.01
    var noise = 0x9E37_79B9_7F4A_7C15 as UInt64
    for _ in 0..<Int(seconds / interval) {
      let axis = SIMD3(sin(0.7 * time), cos(0.4 * time), sin(0.23 * time + 1))
      orientation = (orientation * Quaternion(axis: axis, angle: 1.2 * interval)).normalized
      noise = noise &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let jitter = Double(noise >> 11) / Double(1 << 53) - 0.5
      let truth = orientation.conjugate.rotate(earthField)
      let raw = (distorted ? distort(truth) : truth) + extraField + SIMD3(repeating: 0.3 * jitter)
      _ = calibrator.update(raw, orientation6D: orientation, rotationRate: 1.2)
      accuracies.append(calibrator.calibration.accuracy)
      time += interval
    }
    return accuracies
  }

  @Test func learnsAKnownDistortionFromRotationsAndTheAccuracyRisesToHigh() {
    var calibrator = MagnetometerCalibrator()
    var orientation = Quaternion.identity
    var time = 0.0
    let accuracies = rotate(&calibrator, seconds: 60, orientation: &orientation, time: &time)

    #expect(accuracies.first == .uncalibrated)
    #expect(accuracies.last == .high)
    // The accuracy only ever rises while the field is clean.
    #expect(zip(accuracies, accuracies.dropFirst()).allSatisfy { $0 <= $1 })
    let b = calibrator.calibration.hardIron
    #expect(((b - distortion.b) * (b - distortion.b)).sum().squareRoot() < 0.5)
    // The corrected field points where the true one does, in every direction.
    for direction in [SIMD3<Double>(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1), SIMD3(1, -1, 1)] {
      let truth = direction * 45
      #expect(angleDegrees(calibrator.corrected(distort(truth)), truth) < 0.5)
    }
    #expect(calibrator.disturbedSampleCount == 0)
  }

  @Test func aCleanMagnetometerKeepsTheIdentityEvenWhileTheFirstFitsAreYoung() {
    // Fits of 15 unknowns to the first ten steps absorb much of the noise; compared per degree of
    // freedom, none of them explains a clean field better than the identity does.
    var calibrator = MagnetometerCalibrator()
    var orientation = Quaternion.identity
    var time = 0.0
    let accuracies = rotate(
      &calibrator, seconds: 40, distorted: false, orientation: &orientation, time: &time)

    #expect(calibrator.learnedSampleCount > 100)
    #expect(calibrator.adoptedFitCount == 0)
    // A fit that does not beat the identity confirms it: the accuracy rises, the field is unchanged.
    #expect(accuracies.first == .uncalibrated)
    #expect(accuracies.last ?? .uncalibrated >= .medium)
    let raw = SIMD3<Double>(10, 30, -30)
    #expect(calibrator.corrected(raw) == raw)
  }

  @Test func fitsThatChangeNothingComeEverMoreRarely() {
    // On a clean magnetometer every fit confirms the identity: each makes the next wait twice as
    // many steps (up to 64). 40 s of turning are about 1,000 steps; by the learned steps alone (a fit
    // each time they grow by an eighth, and every 48 samples at first) that is about 30 fits.
    var calibrator = MagnetometerCalibrator()
    var orientation = Quaternion.identity
    var time = 0.0
    rotate(&calibrator, seconds: 40, distorted: false, orientation: &orientation, time: &time)
    #expect(calibrator.fitCount >= 3)
    #expect(calibrator.fitCount <= 20)
    #expect(calibrator.calibration.accuracy >= .medium)
    // A distorted one changes its calibration with the first fits, which therefore keep coming.
    var distorted = MagnetometerCalibrator()
    orientation = .identity
    time = 0
    rotate(&distorted, seconds: 40, orientation: &orientation, time: &time)
    #expect(distorted.adoptedFitCount >= 3)
    #expect(distorted.fitCount > calibrator.fitCount)
  }

  @Test func aDistortedMagnetometerIsUsedWithinAQuarterTurn() throws {
    // The first fit is adopted as soon as its predicted heading error is within the low limit, long
    // before the soft iron is known well.
    var calibrator = MagnetometerCalibrator()
    var orientation = Quaternion.identity
    var time = 0.0
    let accuracies = rotate(&calibrator, seconds: 2, orientation: &orientation, time: &time)
    let firstUsed = try #require(accuracies.firstIndex { $0 > .uncalibrated })
    // 1.2 rad/s, 10 ms a sample: 130 samples are 90° of turning, about an axis that barely moves yet.
    #expect(firstUsed < 130)
    #expect(calibrator.calibration.accuracy >= .low)
  }

  @Test func ignoresADisturbanceWhileLearningAndKeepsTheCalibration() throws {
    var calibrator = MagnetometerCalibrator()
    var orientation = Quaternion.identity
    var time = 0.0
    rotate(&calibrator, seconds: 40, orientation: &orientation, time: &time)
    let learned = calibrator.calibration
    try #require(learned.accuracy >= .medium)

    // A magnet near the device for a few seconds of turning: a 25 µT field on top.
    rotate(
      &calibrator, seconds: 3, extraField: SIMD3(25, 0, -10), orientation: &orientation,
      time: &time)

    #expect(calibrator.disturbedSampleCount > 20)
    #expect(calibrator.restartCount == 0)
    let drift = calibrator.calibration.hardIron - learned.hardIron
    #expect((drift * drift).sum().squareRoot() < 0.5)
  }

  @Test func aMagnetAttachedForGoodIsLearnedAsTheNewHardIron() {
    var calibrator = MagnetometerCalibrator()
    var orientation = Quaternion.identity
    var time = 0.0
    rotate(&calibrator, seconds: 40, orientation: &orientation, time: &time)
    let magnet = SIMD3<Double>(15, -12, 10)
    rotate(&calibrator, seconds: 60, extraField: magnet, orientation: &orientation, time: &time)

    #expect(calibrator.restartCount >= 1)
    let expected = distortion.b + magnet
    let error = calibrator.calibration.hardIron - expected
    #expect((error * error).sum().squareRoot() < 1)
  }

  @Test func aSavedCalibrationRestoresExactlyAndIsUsedAtOnce() throws {
    var calibrator = MagnetometerCalibrator()
    var orientation = Quaternion.identity
    var time = 0.0
    rotate(&calibrator, seconds: 40, orientation: &orientation, time: &time)
    let line = calibrator.calibration.textLine

    let restored = try MagnetometerCalibration(textLine: line)
    #expect(restored == calibrator.calibration)
    let restarted = MagnetometerCalibrator(initial: restored)
    #expect(restarted.calibration.accuracy == calibrator.calibration.accuracy)
    #expect(restarted.phase == .refining)
    let raw = distort(SIMD3(10, 30, -30))
    #expect(restarted.corrected(raw) == calibrator.corrected(raw))
  }

  @Test func aMalformedLineSaysWhatIsWrong() throws {
    #expect(throws: MagnetometerCalibration.TextLineError.notACalibration) {
      try MagnetometerCalibration(textLine: "hello")
    }
    #expect(throws: MagnetometerCalibration.TextLineError.unsupportedVersion) {
      try MagnetometerCalibration(textLine: "magnetometer-calibration 2 accuracy=high")
    }
    #expect(throws: MagnetometerCalibration.TextLineError.missingField(.hardIron)) {
      try MagnetometerCalibration(
        textLine: "magnetometer-calibration 1 accuracy=high k=1,0,0,0,1,0,0,0,1 strength=45 dip=60")
    }
    #expect(throws: MagnetometerCalibration.TextLineError.notFinite(.hardIron)) {
      try MagnetometerCalibration(
        textLine:
          "magnetometer-calibration 1 accuracy=low b=nan,0,0 k=1,0,0,0,1,0,0,0,1 strength=45 dip=60"
      )
    }
    #expect(throws: MagnetometerCalibration.TextLineError.outOfRange(.hardIron)) {
      try MagnetometerCalibration(
        textLine:
          "magnetometer-calibration 1 accuracy=low b=1e200,0,0 k=1,0,0,0,1,0,0,0,1 strength=45 dip=60"
      )
    }
    #expect(throws: MagnetometerCalibration.TextLineError.singularCorrection) {
      try MagnetometerCalibration(
        textLine:
          "magnetometer-calibration 1 accuracy=low b=0,0,0 k=1,0,0,1,0,0,0,0,1 strength=45 dip=60")
    }
  }

  @Test func absurdSamplesNeverMakeTheFilterOrTheCalibrationNonFinite() {
    var imu = SyntheticIMU()
    imu.magneticDisturbance = SIMD3(30, -20, 10)
    var filter = OrientationFilter(magnetometerCalibrator: MagnetometerCalibrator())
    imu.run(&filter, seconds: 20, angularVelocity: SIMD3(0.5, 0.8, -0.3))
    let absurd: [IMURecording.Sample] = [
      .init(
        time: imu.time, gyroscope: SIMD3(1e200, 0, 0), accelerometer: SIMD3(0, 0, 9.81),
        magnetometer: SIMD3(0, 20, -40)),
      .init(
        time: imu.time + 0.01, gyroscope: .zero, accelerometer: SIMD3(1e200, 0, 9.81),
        magnetometer: SIMD3(1e200, -1e200, 1e200)),
      .init(
        time: 1e300, gyroscope: .zero, accelerometer: SIMD3(0, 0, 9.81),
        magnetometer: SIMD3(0, 20, -40)),
      .init(
        time: imu.time + 0.02, gyroscope: .zero, accelerometer: SIMD3(0, 0, 9.81),
        magnetometer: SIMD3(9_999, -9_999, 9_999)),
    ]
    for sample in absurd { filter.update(sample) }

    #expect(filter.rejectionCounts[.outOfRange(.gyroscope)] == 1)
    #expect(filter.rejectionCounts[.outOfRange(.accelerometer)] == 1)
    #expect(filter.rejectionCounts[.timeGap(.gyroscope)] == 1)
    let q = filter.orientation
    #expect([q.w, q.x, q.y, q.z].allSatisfy { $0.isFinite })
    #expect(abs(q.norm - 1) < 1e-9)
    let calibration = filter.magnetometerCalibrator?.calibration ?? .uncalibrated
    let c = calibration.softIronCorrection
    #expect(
      [calibration.hardIron, c.x, c.y, c.z].allSatisfy {
        $0.x.isFinite && $0.y.isFinite && $0.z.isFinite
      })
  }

  @Test func aDistortedBROADExcerptIsCalibratedBackToTheCleanHeading() throws {
    let url = try #require(
      Bundle.module.url(
        forResource: "fusion-broad-05-excerpt", withExtension: "csv", subdirectory: "Fixtures"))
    let recording = try IMURecording(contentsOf: url)
    var clean = OrientationFilter()
    var calibrated = OrientationFilter(magnetometerCalibrator: MagnetometerCalibrator())
    var uncalibrated = OrientationFilter()
    var calibratedErrors: [Double] = []
    var uncalibratedErrors: [Double] = []
    for (index, sample) in recording.samples.enumerated() {
      var distorted = sample
      distorted.magnetometer = sample.magnetometer.map(distort)
      clean.update(sample)
      calibrated.update(distorted)
      uncalibrated.update(distorted)
      // The last four seconds, after about three seconds of turning.
      guard index >= recording.samples.count - 1140 else { continue }
      calibratedErrors.append(clean.orientation.angle(to: calibrated.orientation) * 180 / .pi)
      uncalibratedErrors.append(clean.orientation.angle(to: uncalibrated.orientation) * 180 / .pi)
    }
    func rms(_ values: [Double]) -> Double {
      (values.map { $0 * $0 }.reduce(0, +) / Double(max(values.count, 1))).squareRoot()
    }
    // Three seconds of slow turning pin the hard iron to a few µT: the heading comes from 135° off to
    // about 10° (longer recordings reach a degree; see the MagnetometerCalibration article).
    #expect(rms(calibratedErrors) < 15)
    #expect(rms(uncalibratedErrors) > 100)
    #expect((calibrated.magnetometerCalibrator?.calibration.accuracy ?? .uncalibrated) >= .low)
  }
}
